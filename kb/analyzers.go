package kb

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/char/asciifolding"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/fr"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	"github.com/blevesearch/bleve/v2/analysis/token/stop"
	"github.com/blevesearch/bleve/v2/analysis/token/unicodenorm"
	"github.com/blevesearch/bleve/v2/analysis/tokenmap"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
	"github.com/ikawaha/kagome/v2/tokenizer"

	// Analyzers referenced by name in the index mapping.
	_ "github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	_ "github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	_ "github.com/blevesearch/bleve/v2/analysis/token/unicodenorm"
	_ "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
)

// Names of the analysis components this package adds to bleve.
const (
	jaTokenizerName = "arbiter_kagome"
	jaAnalyzerName  = "arbiter_ja"
	jaBigramName    = "arbiter_ja_bigram"
	nameAnalyzer    = "arbiter_name"
	nfkcFilterName  = "arbiter_nfkc"
	enAnalyzerName  = "arbiter_en"
	frAnalyzerName  = "arbiter_fr"
	enStopName      = "arbiter_stop_en"
	frStopName      = "arbiter_stop_fr"
)

// langAnalyzers names the index's analyzer of each language's texts
// (Japanese: the dictionary's; see JapaneseMode for the bigrams).
var langAnalyzers = map[string]string{"en": enAnalyzerName, "fr": frAnalyzerName, "ja": jaAnalyzerName}

// keptStopWords are the words of bleve's English and French stop lists
// (Snowball's) that rules turn on: a ruling that says a trigger resolves
// "before" the spell, a creature that "phases out", an effect that does
// "not" apply, "each" player, "the same" creature, a card that can't be
// spliced onto "itself", "sans" or "pas" in
// French. Without them "does prowess resolve before or after the spell?"
// reads as "prowess resolve spell" and cannot tell the two rulings apart.
// They are common words, so they weigh little; they count where the
// rarer words tie.
var keptStopWords = map[string][]string{
	"en": {"until", "while", "against", "between", "through", "during", "before", "after", "above", "below",
		"up", "down", "out", "off", "over", "under", "again", "once", "all", "any", "both", "each", "few",
		"more", "most", "other", "no", "not", "only", "own", "same", "than", "itself", "themselves"},
	"fr": {"pas", "même", "sans"},
}

// functionTerms holds keptStopWords as the index's analyzers leave them
// ("befor", "onli"), by language.
var functionTerms = sync.OnceValue(func() map[string]map[string]bool { return analyzedWords(keptStopWords) })

// analyzedWords analyzes English and French words with the index's
// analyzers: the terms they give, by language.
func analyzedWords(words map[string][]string) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	m, err := newMapping()
	if err != nil {
		return out
	}
	for lang, ws := range words {
		a := m.AnalyzerNamed(langAnalyzers[lang])
		if a == nil {
			continue
		}
		out[lang] = map[string]bool{}
		for _, w := range ws {
			for _, tk := range a.Analyze([]byte(w)) {
				out[lang][string(tk.Term)] = true
			}
		}
	}
	return out
}

// functionTerm reports whether term, analyzed in lang, is a function word
// the index keeps (keptStopWords).
func functionTerm(lang, term string) bool { return functionTerms()[lang][term] }

// stopList returns a bleve stop list without the words rules need.
func stopList(list []byte, keep []string) []interface{} {
	tm := analysis.NewTokenMap()
	if err := tm.LoadBytes(list); err != nil {
		return nil
	}
	for _, w := range keep {
		delete(tm, w)
	}
	words := slices.Sorted(maps.Keys(tm)) // the mapping is stored: the same every build
	out := make([]interface{}, len(words))
	for i, w := range words {
		out[i] = w
	}
	return out
}

// bleve keeps tokenizers in a process-wide registry, so ours is registered
// once, the first time an index mapping is built. Building an analyzer
// (bleve does it for every field when it opens an index) loads nothing:
// the dictionary is loaded the first time Japanese text is analyzed.
var registerOnce sync.Once

func registerAnalysis() {
	registerOnce.Do(func() {
		_ = registry.RegisterTokenizer(jaTokenizerName, func(map[string]interface{}, *registry.Cache) (analysis.Tokenizer, error) {
			return &jaTokenizer{}, nil
		})
	})
}

// jaKagome is the kagome tokenizer over the IPA dictionary, made once.
var jaKagome = sync.OnceValues(func() (*tokenizer.Tokenizer, error) {
	t, err := tokenizer.New(jaDictionary().dict, tokenizer.OmitBosEos())
	if err != nil {
		return nil, fmt.Errorf("kb: japanese tokenizer: %w", err)
	}
	return t, nil
})

// WarmJapanese starts loading the Japanese dictionary (about half a
// second) in the background, so that it overlaps with other start-up
// work; the first Japanese analysis waits for it.
func WarmJapanese() { go jaKagome() }

// jaDictionary loads the IPA dictionary once (see loadJADict).
var jaDictionary = sync.OnceValue(loadJADict)

// jaTokenizer splits Japanese text into morphemes with kagome and the IPA
// dictionary. Particles, auxiliary verbs and symbols are dropped; verbs and
// adjectives are indexed by their base form (したトークン → する is dropped,
// "なる" of どうなる likewise), so conjugated forms in questions match the rules.
// Start and End stay those of the surface form, so highlighting is exact.
type jaTokenizer struct{}

// jaDropBase lists verbs too common to carry meaning.
var jaDropBase = map[string]bool{"する": true, "なる": true, "ある": true, "いる": true, "れる": true, "られる": true, "できる": true, "おる": true}

func (j *jaTokenizer) Tokenize(input []byte) analysis.TokenStream {
	kt, err := jaKagome()
	if err != nil {
		return nil // the embedded dictionary always loads
	}
	toks := kt.Analyze(string(input), tokenizer.Search)
	out := make(analysis.TokenStream, 0, len(toks))
	pos := 0
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if strings.TrimSpace(tok.Surface) == "" {
			continue
		}
		// A word in katakana is one word: the dictionary knows neither
		// トークン nor マリガン, and cuts them where it knows a shorter
		// word (トー|クン, トーク|ン, マリ|ガン, アン|タップ, which reads as
		// タップ, tap).
		if j := katakanaRun(toks, i); j > i+1 {
			var term strings.Builder
			for _, k := range toks[i:j] {
				term.WriteString(k.Surface)
			}
			pos++
			out = append(out, &analysis.Token{
				Term:     []byte(term.String()),
				Start:    tok.Position,
				End:      tok.Position + term.Len(),
				Position: pos,
				Type:     analysis.Ideographic,
			})
			i = j - 1
			continue
		}
		feat := tok.POS()
		major := ""
		if len(feat) > 0 {
			major = feat[0]
		}
		switch major {
		case "記号", "助詞", "助動詞", "フィラー", "連体詞", "接続詞":
			continue
		}
		term := tok.Surface
		if major == "動詞" || major == "形容詞" {
			if base, ok := j.baseForm(tok); ok {
				term = base
			}
			if jaDropBase[term] {
				continue
			}
		}
		if major == "名詞" && len(feat) > 1 && feat[1] == "非自立" {
			continue
		}
		pos++
		out = append(out, &analysis.Token{
			Term:     []byte(term),
			Start:    tok.Position,
			End:      tok.Position + len(tok.Surface),
			Position: pos,
			Type:     jaTokenType(tok.Surface),
		})
	}
	return out
}

// katakanaRun returns the end of the run of tokens from i on that are
// written in katakana and follow one another with nothing between them.
func katakanaRun(toks []tokenizer.Token, i int) int {
	j := i
	for j < len(toks) && isKatakana(toks[j].Surface) && (j == i || toks[j].Position == toks[j-1].Position+len(toks[j-1].Surface)) {
		j++
	}
	return j
}

// isKatakana reports whether s is written in katakana alone (the long
// vowel mark included).
func isKatakana(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.Is(unicode.Katakana, r) && r != 'ー' {
			return false
		}
	}
	return true
}

// baseForm returns the dictionary form of a verb or adjective.
func (j *jaTokenizer) baseForm(tok tokenizer.Token) (string, bool) {
	if tok.Class == tokenizer.KNOWN {
		b, ok := jaDictionary().base(int32(tok.ID))
		return b, ok
	}
	b, ok := tok.BaseForm()
	return b, ok && b != "*"
}

func jaTokenType(s string) analysis.TokenType {
	r, _ := utf8.DecodeRuneInString(s)
	if r < 0x3000 {
		return analysis.AlphaNumeric
	}
	return analysis.Ideographic
}

// addAnalyzers defines the custom analyzers of the index mapping:
//   - arbiter_ja: kagome morphemes, NFKC (as a token filter, so offsets and
//     highlights stay right), lowercase;
//   - arbiter_ja_bigram: bleve's CJK bigrams over NFKC tokens, as a second
//     Japanese field that catches what the dictionary splits differently;
//   - arbiter_name: card names, unstemmed, NFKC, lowercased, accents folded,
//     for exact and fuzzy name lookup.
func addAnalyzers(m *mapping.IndexMappingImpl) error {
	registerAnalysis()
	if err := m.AddCustomTokenFilter(nfkcFilterName, map[string]interface{}{
		"type": unicodenorm.Name,
		"form": unicodenorm.NFKC,
	}); err != nil {
		return err
	}
	if err := m.AddCustomAnalyzer(jaAnalyzerName, map[string]interface{}{
		"type":          "custom",
		"tokenizer":     jaTokenizerName,
		"token_filters": []string{nfkcFilterName, lowercase.Name},
	}); err != nil {
		return err
	}
	if err := m.AddCustomAnalyzer(jaBigramName, map[string]interface{}{
		"type":          "custom",
		"tokenizer":     "unicode",
		"token_filters": []string{nfkcFilterName, cjk.WidthName, lowercase.Name, cjk.BigramName},
	}); err != nil {
		return err
	}
	// English and French: bleve's analyzers, with stop lists that keep
	// the words rules turn on (keptStopWords).
	for _, l := range []struct {
		lang, tokens, filter, analyzer string
		list                           []byte
		filters                        func(stop string) []string
	}{
		{"en", enStopName + "_tokens", enStopName, enAnalyzerName, en.EnglishStopWords, func(stop string) []string {
			return []string{en.PossessiveName, lowercase.Name, stop, porter.Name}
		}},
		{"fr", frStopName + "_tokens", frStopName, frAnalyzerName, fr.FrenchStopWords, func(stop string) []string {
			return []string{lowercase.Name, fr.ElisionName, stop, fr.LightStemmerName}
		}},
	} {
		if err := m.AddCustomTokenMap(l.tokens, map[string]interface{}{
			"type":   tokenmap.Name,
			"tokens": stopList(l.list, keptStopWords[l.lang]),
		}); err != nil {
			return err
		}
		if err := m.AddCustomTokenFilter(l.filter, map[string]interface{}{
			"type":           stop.Name,
			"stop_token_map": l.tokens,
		}); err != nil {
			return err
		}
		if err := m.AddCustomAnalyzer(l.analyzer, map[string]interface{}{
			"type":          "custom",
			"tokenizer":     "unicode",
			"token_filters": l.filters(l.filter),
		}); err != nil {
			return err
		}
	}
	// Names are never highlighted, so a length-changing char filter is safe here.
	return m.AddCustomAnalyzer(nameAnalyzer, map[string]interface{}{
		"type":          "custom",
		"char_filters":  []string{asciifolding.Name},
		"tokenizer":     "unicode",
		"token_filters": []string{nfkcFilterName, lowercase.Name},
	})
}
