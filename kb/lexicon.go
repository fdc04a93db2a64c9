package kb

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/vellum"

	"arbiter/i18n"
)

// The lexicon holds every name a question may use for something the index
// knows: Magic cards in English, French and Japanese (with their partial
// forms), Yu-Gi-Oh! cards, and topics (keyword abilities and actions, rule
// titles, glossary terms and the words players use for them). Names are
// folded (lexFold) and kept in one finite-state transducer, built when the
// index is built; a question is matched against all of them at once by
// walking the transducer from each word start (a common-prefix search, as
// morphological analyzers look up their dictionaries), never by a loop over
// the names.

// lexKind tells what a name stands for.
type lexKind uint8

const (
	lexCard  lexKind = iota + 1 // a Magic card: ID indexes the card table
	lexYGO                      // a Yu-Gi-Oh! card: ID indexes the Yu-Gi-Oh! card list
	lexTopic                    // a topic: ID indexes the topic list
)

// lexRef is one meaning of a name.
type lexRef struct {
	Kind lexKind `json:"k"`
	ID   int32   `json:"i"`
	// Lang is the language of the name ("en", "fr", "ja").
	Lang string `json:"l,omitempty"`
	// Part marks a partial name: a legendary card's name before its
	// epithet ("Atraxa"), one face of a card, a name without its
	// possessive ("Teferi Protection").
	Part bool `json:"p,omitempty"`
}

// lexicon is the compiled name table.
type lexicon struct {
	fst  *vellum.FST
	data []byte  // the transducer's bytes, as saved with the index
	vals lexVals // meanings, by the transducer's value
}

// lexBuilder gathers names before compiling them.
type lexBuilder struct {
	names map[string][]lexRef // folded name -> meanings
}

func newLexBuilder() *lexBuilder { return &lexBuilder{names: map[string][]lexRef{}} }

// add records that name (as written) stands for ref. Names that fold to
// fewer than two characters are left out: they would match everywhere.
// A French name is also kept without the plural marks of its words, as
// French questions are searched (see singularFold).
func (b *lexBuilder) add(name string, ref lexRef) {
	k, offs := lexFold(name)
	b.addFolded(k, ref)
	if ref.Lang == "fr" {
		sk, _ := singularFold(k, offs)
		b.addFolded(sk, ref)
	}
}

func (b *lexBuilder) addFolded(k string, ref lexRef) {
	if utf8.RuneCountInString(k) < 2 || strings.TrimSpace(k) == "" {
		return
	}
	for _, r := range b.names[k] {
		if r.Kind == ref.Kind && r.ID == ref.ID {
			return
		}
	}
	b.names[k] = append(b.names[k], ref)
}

// build compiles the names into a transducer.
func (b *lexBuilder) build() (*lexicon, error) {
	keys := make([]string, 0, len(b.names))
	for k := range b.names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var buf bytes.Buffer
	fb, err := vellum.New(&buf, nil)
	if err != nil {
		return nil, err
	}
	vals := make([][]lexRef, len(keys))
	for i, k := range keys {
		if err := fb.Insert([]byte(k), uint64(i)); err != nil {
			return nil, fmt.Errorf("kb: lexicon: %w", err)
		}
		vals[i] = b.names[k]
	}
	if err := fb.Close(); err != nil {
		return nil, fmt.Errorf("kb: lexicon: %w", err)
	}
	return loadLexicon(buf.Bytes(), flatLexVals(vals))
}

// loadLexicon opens a saved transducer with its meanings.
func loadLexicon(data []byte, vals lexVals) (*lexicon, error) {
	if len(data) == 0 {
		return &lexicon{}, nil
	}
	f, err := vellum.Load(data)
	if err != nil {
		return nil, fmt.Errorf("kb: lexicon: %w", err)
	}
	return &lexicon{fst: f, data: data, vals: vals}, nil
}

// lexMatch is a name found in a question.
type lexMatch struct {
	Start, End int // byte offsets in the question as given to find (NFKC)
	Refs       []lexRef
	Folded     string // the folded name matched
}

// find returns every name of the lexicon that occurs in text at word
// boundaries (Latin scripts) or anywhere (Japanese), overlapping matches
// included, ordered by start then by length, longest first. In French the
// words are also looked up without their plural marks ("actions basées"
// finds "action basée").
func (lx *lexicon) find(text, lang string) []lexMatch {
	if lx == nil || lx.fst == nil {
		return nil
	}
	folded, offs := lexFold(text)
	out := lx.walk(text, folded, offs)
	if lang == "fr" {
		sf, so := singularFold(folded, offs)
		if sf != folded {
			seen := map[[2]int]bool{}
			for _, m := range out {
				seen[[2]int{m.Start, m.End}] = true
			}
			for _, m := range lx.walk(text, sf, so) {
				if !seen[[2]int{m.Start, m.End}] {
					out = append(out, m)
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End > out[j].End
	})
	return out
}

// singularFold drops the marks of number and gender French words end with
// when they agree ("retirées", "jetons", "illégaux" -> "retire", "jeton",
// "illegau"): the final s or x of every word longer than three letters,
// then the e of a word ending in "ee" (an é that agrees), with their
// offsets.
func singularFold(folded string, offs []int) (string, []int) {
	var b []byte
	o := make([]int, 0, len(offs))
	end := func(i int) bool { return i+1 == len(folded) || folded[i+1] == ' ' }
	for i := 0; i < len(folded); i++ {
		c := folded[i]
		start := strings.LastIndexByte(folded[:i], ' ') + 1
		if (c == 's' || c == 'x') && end(i) && i-start >= 3 && isLatin(folded[start:i]) {
			continue
		}
		if c == 'e' && i-start >= 4 && folded[i-1] == 'e' && (end(i) || end(i+1) && (folded[i+1] == 's' || folded[i+1] == 'x')) {
			continue
		}
		b = append(b, c)
		o = append(o, offs[i])
	}
	o = append(o, offs[len(offs)-1])
	return string(b), o
}

// walk matches the lexicon against folded text, from each place a name
// may start.
func (lx *lexicon) walk(text, folded string, offs []int) []lexMatch {
	fb := []byte(folded)
	var out []lexMatch
	for start := 0; start < len(fb); {
		r, size := utf8.DecodeRune(fb[start:])
		if r == ' ' || !lexStart(fb, start) {
			start += size
			continue
		}
		addr := lx.fst.Start()
		var total uint64
		for j := start; j < len(fb); j++ {
			var out1 uint64
			addr, out1 = lx.fst.AcceptWithVal(addr, fb[j])
			if addr == noneAddr {
				break
			}
			total += out1
			ok, fin := lx.fst.IsMatchWithVal(addr)
			if !ok {
				continue
			}
			end := j + 1
			// An English possessive or plural ends a name too: "Haunted
			// Dead's ability" ("deads" once the apostrophe is dropped),
			// "two Panharmonicons".
			if !lexEnd(fb, end) && end < len(fb) && fb[end] == 's' && lexEnd(fb, end+1) && fb[j] >= 'a' && fb[j] <= 'z' {
				end++
			}
			if lexEnd(fb, end) {
				v := total + fin
				if v < uint64(lx.vals.len()) {
					out = append(out, lexMatch{Start: offs[start], End: origEnd(offs, text, end), Refs: lx.vals.at(int(v)), Folded: string(fb[start : j+1])})
				}
			}
		}
		start += size
	}
	return out
}

// noneAddr is vellum's address of the dead state.
const noneAddr = 1

// origEnd maps the end of a folded match (the byte after it) back to the
// question: the end of the character its last byte came from.
func origEnd(offs []int, text string, end int) int {
	at := offs[end-1]
	_, size := utf8.DecodeRuneInString(text[at:])
	return at + size
}

// lexStart reports whether a name may start at byte i of folded text: at
// its start, after a space, or at any character of a script written
// without spaces (and at a Latin word glued to one).
func lexStart(b []byte, i int) bool {
	if i == 0 {
		return true
	}
	prev, _ := utf8.DecodeLastRune(b[:i])
	cur, _ := utf8.DecodeRune(b[i:])
	return prev == ' ' || noSpaceScript(cur) || noSpaceScript(prev)
}

// lexEnd reports whether a name may end before byte i.
func lexEnd(b []byte, i int) bool {
	if i >= len(b) {
		return true
	}
	last, _ := utf8.DecodeLastRune(b[:i])
	next, _ := utf8.DecodeRune(b[i:])
	if last == utf8.RuneError && i > 0 {
		return false // inside a character
	}
	return next == ' ' || noSpaceScript(next) || noSpaceScript(last)
}

// noSpaceScript reports whether r belongs to a script written without
// spaces between words (kana, ideographs, CJK punctuation).
func noSpaceScript(r rune) bool {
	return r >= 0x2E80 && r != utf8.RuneError && !(r >= 0xFF00 && r <= 0xFF5E)
}

// elided are the French words that elide before a vowel.
var elided = map[string]bool{"c": true, "d": true, "j": true, "l": true, "m": true, "n": true, "s": true, "t": true,
	"qu": true, "jusqu": true, "lorsqu": true, "puisqu": true, "quoiqu": true}

// elision reports whether the apostrophe at s[i] ends a French elided
// word: one of elided, alone, before a letter.
func elision(s string, i int) bool {
	j := i
	for j > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:j])
		if !unicode.IsLetter(r) {
			break
		}
		j -= n
	}
	if !elided[strings.ToLower(s[j:i])] {
		return false
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	next, _ := utf8.DecodeRuneInString(s[i+n:])
	return unicode.IsLetter(next)
}

// lexFold folds s for name matching: NFKC and width (as NormalizeKey), case,
// Latin accents; apostrophes and the Japanese middle dot and comma are
// dropped ("Teferi's" and "Teferis" match, "法務官の声、アトラクサ" and
// "法務官の声アトラクサ" too); every other run of punctuation or space
// becomes one space, and no space is kept next to Japanese. It also returns,
// for each byte of the result (and one past its end), the byte offset in s
// of the character it came from.
func lexFold(s string) (string, []int) {
	var b strings.Builder
	b.Grow(len(s))
	offs := make([]int, 0, len(s)+1)
	space := false // a separator is pending
	lastCJK := false
	emit := func(at int, t string, cjk bool) {
		if space && b.Len() > 0 && !cjk && !lastCJK {
			b.WriteByte(' ')
			offs = append(offs, at)
		}
		space = false
		b.WriteString(t)
		for range len(t) {
			offs = append(offs, at)
		}
		lastCJK = cjk
	}
	for i, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '‘' || r == '`' || r == '＇' || r == '´':
			// "Teferi's" is one word; the French elisions are two
			// ("l'adversaire", "qu'une").
			if elision(s, i) {
				space = true
			}
			continue
		case r == '・' || r == '･' || r == '、':
			continue
		case r < 0x80:
			switch {
			case (r == '+' || r == '-') && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
				emit(i, string(r), false) // the sign of "+1/+1", "-1/-1"
			case r >= 'A' && r <= 'Z':
				emit(i, string(r+'a'-'A'), false)
			case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
				emit(i, string(r), false)
			default:
				space = true
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if noSpaceScript(r) {
				emit(i, string(unicode.ToLower(r)), true)
				continue
			}
			t := strings.ToLower(i18n.FoldAccents(i18n.NormalizeKey(string(r))))
			if t == "" {
				continue
			}
			emit(i, t, false)
		default:
			space = true
		}
	}
	offs = append(offs, len(s))
	return b.String(), offs
}

// compileLexicon builds the lexicon of a collection's cards, Yu-Gi-Oh!
// cards and topics; the IDs of the meanings index the lists given.
func compileLexicon(cards []cardEntry, ygo []YGOCard, topics []topic) (*lexicon, error) {
	b := newLexBuilder()
	for i, e := range cards {
		ref := lexRef{Kind: lexCard, ID: int32(i), Lang: "en"}
		addCardName(b, e.Name, ref)
		for _, l := range []string{"fr", "ja"} {
			ref.Lang = l
			for _, n := range e.Names[l] {
				addCardName(b, n, ref)
				if l == "ja" {
					addGivenNameJA(b, n, e.Name, ref)
				}
				if l == "fr" {
					if v, ok := englishSpelling(n, e.Name); ok {
						addCardName(b, v, ref)
					}
				}
			}
		}
	}
	for i, y := range ygo {
		for _, n := range append([]string{y.Name, y.JAName}, y.Aliases...) {
			lang := "en"
			if mostlyJapanese(n) {
				lang = "ja"
			}
			b.add(n, lexRef{Kind: lexYGO, ID: int32(i), Lang: lang})
		}
	}
	frNames := map[string]int{} // a French name, folded, and its topic
	for i, t := range topics {
		for _, n := range t.Names["fr"] {
			f, _ := lexFold(n)
			frNames[f] = i
		}
	}
	for i, t := range topics {
		for _, l := range []string{"en", "fr", "ja"} {
			for _, n := range t.Names[l] {
				ref := lexRef{Kind: lexTopic, ID: int32(i), Lang: l}
				b.add(n, ref)
				for _, v := range pluralForms(n, l) {
					b.add(v, ref)
				}
				if l != "fr" {
					continue
				}
				for _, v := range frenchVerbForms(n) {
					// A form that is another topic's name is that topic
					// ("équipe" is team, not a form of "équiper").
					f, _ := lexFold(v)
					if j, ok := frNames[f]; !ok || j == i {
						b.add(v, ref)
					}
				}
			}
		}
	}
	return b.build()
}

// englishSpelling returns a French card name with the proper names it
// spells as French cards do written as the English name spells them
// ("Protection de Téfeiri", "Teferi's Protection": "Protection de
// Teferi"), as French players often write them; false when no word
// differs so. A proper name is a capitalized word after the first; its
// English spelling, the capitalized word of the English name (without a
// possessive) that starts with the same letter and is one or two edits
// away, accents aside.
func englishSpelling(fr, en string) (string, bool) {
	var proper []string
	for _, w := range strings.Fields(en) {
		w = strings.TrimSuffix(strings.TrimSuffix(strings.Trim(w, ",:"), "'s"), "’s")
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) && utf8.RuneCountInString(w) >= 4 {
			proper = append(proper, w)
		}
	}
	words := strings.Fields(fr)
	changed := false
	for i := 1; i < len(words); i++ {
		w := strings.Trim(words[i], ",:")
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) || utf8.RuneCountInString(w) < 4 {
			continue
		}
		fw, _ := lexFold(w)
		for _, p := range proper {
			fp, _ := lexFold(p)
			if fw != fp && fw[0] == fp[0] && editDistance(fw, fp) <= 2 {
				words[i] = strings.Replace(words[i], w, p, 1)
				changed = true
				break
			}
		}
	}
	return strings.Join(words, " "), changed
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// frenchVerbForms returns the forms a question may give a French name
// that starts with a verb of the first group ("attaquer", "se
// déclencher", "payer le coût"): the present ("attaque", "attaquent"),
// the past participle ("attaqué", "attaquées"), the imperative and the
// present participle ("attaquez", "attaquant"). A verb in -yer also
// takes its i forms ("paie"), one in -é_er its è forms ("révèle").
func frenchVerbForms(name string) []string {
	words := strings.Fields(name)
	i := 0
	if len(words) > 1 && (words[0] == "se" || words[0] == "s'") {
		i = 1
	}
	if i >= len(words) {
		return nil
	}
	verb := words[i]
	if r, _ := utf8.DecodeRuneInString(verb); len([]rune(verb)) < 5 || !strings.HasSuffix(verb, "er") || !unicode.IsLower(r) {
		return nil // "Commander" is a name, not a verb
	}
	stem := strings.TrimSuffix(verb, "er")
	present := stem // the stem of the present's e forms
	if r := []rune(stem); len(r) > 2 {
		// The last é of the stem, before its final consonants, is è
		// there ("révél" → "révèl").
		j := len(r) - 1
		for j > 0 && !strings.ContainsRune("aeiouyéèêâîôû", r[j]) {
			j--
		}
		if j < len(r)-1 && r[j] == 'é' {
			r[j] = 'è'
			present = string(r)
		}
	}
	ant := stem + "ant"
	switch {
	case strings.HasSuffix(stem, "g"):
		ant = stem + "eant"
	case strings.HasSuffix(stem, "c"):
		ant = strings.TrimSuffix(stem, "c") + "çant"
	}
	forms := []string{present + "e", present + "es", present + "ent", stem + "é", stem + "ée", stem + "és", stem + "ées", stem + "ez", ant}
	if strings.HasSuffix(stem, "y") {
		ai := strings.TrimSuffix(stem, "y") + "i"
		forms = append(forms, ai+"e", ai+"es", ai+"ent")
	}
	var out []string
	for _, f := range forms {
		// The verb alone as well as in its name ("se déclenche",
		// "déclenche").
		w := words[i+1:]
		out = append(out, strings.Join(append([]string{f}, w...), " "))
		if i == 1 {
			out = append(out, strings.Join(append([]string{words[0], f}, w...), " "))
		}
	}
	return out
}

// addCardName adds a card's name and the partial forms players use: each
// face of a card with several ("Refuse // Cooperate"), a legendary name
// without its epithet ("Atraxa" of "Atraxa, Praetors' Voice", "アトラクサ"
// of "法務官の声、アトラクサ"), a name without its possessive ("Teferi
// Protection").
func addCardName(b *lexBuilder, name string, ref lexRef) {
	b.add(name, ref)
	part := ref
	part.Part = true
	faces := strings.Split(name, " // ")
	if len(faces) > 1 {
		for _, f := range faces {
			addCardName(b, f, part)
		}
		return
	}
	// A rebalanced card of MTG Arena ("A-Spell Satchel") is found by its
	// whole name: its first word, "A-Spell", folds to the words "a spell".
	if strings.HasPrefix(name, "A-") {
		return
	}
	if before, after, ok := strings.Cut(name, ", "); ok && ref.Lang != "ja" {
		b.add(before, part)
		_ = after
	}
	if i := strings.LastIndex(name, "、"); i > 0 && ref.Lang == "ja" {
		b.add(name[i+len("、"):], part)
	}
	if ref.Lang == "en" {
		for _, poss := range []string{"'s ", "’s "} {
			if strings.Contains(name, poss) {
				b.add(strings.ReplaceAll(name, poss, " "), part)
			}
		}
	}
	// The first word of a longer name, as players shorten it
	// ("Blightsteel"): a partial name, which the question's words must
	// support when other cards share it or it is a common word.
	if words := strings.Fields(name); len(words) > 1 && ref.Lang == "en" {
		first := strings.Trim(words[0], ",")
		if utf8.RuneCountInString(first) >= 6 {
			b.add(first, part)
		}
	}
}

// addGivenNameJA adds the given name of a legendary card whose English
// name has an epithet ("Kiki-Jiki, Mirror Breaker") and whose Japanese
// name puts it before the name with の rather than 、 (鏡割りのキキジキ):
// players call it キキジキ, as they call the English one Kiki-Jiki.
func addGivenNameJA(b *lexBuilder, name, english string, ref lexRef) {
	if !strings.Contains(english, ", ") || strings.Contains(name, "、") || strings.Contains(english, " // ") {
		return
	}
	i := strings.LastIndex(name, "の")
	if i <= 0 {
		return
	}
	// A name in katakana alone: 日暮 after の is the word daybound, not
	// Higure.
	given := name[i+len("の"):]
	if utf8.RuneCountInString(given) < 3 || !isKatakana(given) {
		return
	}
	ref.Part = true
	b.add(given, ref)
}

// pluralForms returns the other number of an English or French name
// ("token" / "tokens", "jeton" / "jetons"), so that both match.
func pluralForms(name, lang string) []string {
	words := strings.Fields(name)
	if lang == "ja" || len(words) == 0 {
		return nil
	}
	last := words[len(words)-1]
	if strings.ContainsAny(last, "0123456789{}") {
		return nil
	}
	var alt string
	switch {
	case len(last) < 3:
		return nil
	case lang == "en" && strings.HasSuffix(last, "s") && singular(strings.ToLower(last)) != strings.ToLower(last):
		alt = last[:len(last)-1]
	case lang == "fr" && (strings.HasSuffix(last, "s") || strings.HasSuffix(last, "x")):
		alt = last[:len(last)-1]
	case lang == "en" && strings.HasSuffix(last, "y") && !strings.HasSuffix(last, "ay") && !strings.HasSuffix(last, "ey"):
		alt = last[:len(last)-1] + "ies"
	default:
		alt = last + "s"
	}
	words[len(words)-1] = alt
	return []string{strings.Join(words, " ")}
}
