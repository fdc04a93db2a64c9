package kb

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search"
	"golang.org/x/text/unicode/norm"

	"arbiter/i18n"
)

// MaxQueryLen is the longest question accepted, in characters.
const MaxQueryLen = 500

// Snippet marks: a highlighted span of a snippet is wrapped in MarkStart and
// MarkEnd, which renderers turn into bold, <mark> or nothing after escaping
// the text for their medium.
const (
	MarkStart = "\x02"
	MarkEnd   = "\x03"
)

// Query is a question to the knowledge base.
type Query struct {
	Text   string
	Lang   string // the asker's language (en, fr, ja); empty: detected from Text
	K      int    // how many hits at most; default 5
	Offset int    // skip that many hits (pagination)
	Game   string // mtg or ygo; empty: the game the question is about
	// First names the texts a reviewer confirmed answer the question (a
	// confirmed report of it or of a close paraphrase, see QuestionKey),
	// as MatchesExpected reads them: the first of them the index holds
	// is cited first.
	First []string
}

// Hit is one cited document.
type Hit struct {
	Doc   Doc
	Score float64
	// Snippet is the passage of Doc.Text that matches the question, whole
	// sentences where they fit, with MarkStart/MarkEnd around matched words.
	Snippet string
	// Quote is the sentence of Doc.Text that answers best, plain.
	Quote string
	// Original is the document a translation (machine or printed) translates.
	Original *Doc
	// Exact is set for hits on a rule number or a card the question names.
	Exact bool
	// Also lists other documents that carry the same text (a ruling
	// published for several cards), cited once, here.
	Also []string
	// CardNames are the printed names of Doc's card ("fr", "ja" -> name),
	// for headings that name the card as the reader knows it.
	CardNames map[string]string
}

// Result is the answer to a Query.
type Result struct {
	Query string
	Lang  string
	Game  string // the game the question is about, as understood ("" when unsure)
	Hits  []Hit
	Total int      // relevant hits before K and Offset
	Rules []string // rule numbers the question names
	Cards []string // English names of the cards the question names
	Terms []string // glossary entries the question uses
	// Unknown is a name the question gives as a card's ("the card …",
	// « la carte « … » », 「…」ってカード) that no card of the index has:
	// then nothing answers, and Hits is empty.
	Unknown string
	// OffTopic reports a question that asks what the rules texts do not
	// hold: a price, deck advice, a tournament, the cards' story, the
	// news, another game. Then Hits is empty.
	OffTopic bool
}

// QueryError is a question the index refuses.
type QueryError struct {
	Code string // "empty", "too_long"
	Max  int
}

func (e *QueryError) Error() string {
	if e.Code == "too_long" {
		return "kb: question too long"
	}
	return "kb: empty question"
}

// Search answers q: the relevant documents, best first. Nothing relevant
// gives an empty Hits, never padding.
//
// The question is first understood (see analyze): the cards, Yu-Gi-Oh!
// cards, topics and rule numbers it names, in any of the three languages,
// and its game. The candidates are the texts holding its selective words
// plus the texts of the cards and the rules of the topics it names. Each is
// scored by the weight of the question it covers, then official and current
// texts come before unofficial and obsolete ones, a heading is cited
// through the rule under it that answers, and one text is cited once.
func (ix *Index) Search(ctx context.Context, q Query) (*Result, error) {
	pr, err := ix.prepare(ctx, q)
	if err != nil {
		return nil, err
	}
	res := pr.res
	if pr.offTopic {
		return res, nil
	}
	m := ix.rankModel()
	ranked := m.order(pr.cands)
	if len(q.First) == 0 && !m.answers(ranked) {
		// Nothing answers surely enough: say so rather than guess.
		ranked = nil
	}
	hits := ix.pinFirst(ix.settleHits(ranked, pr.matched, pr.lang, pr.game), q.First)
	// Only the hits shown (and those of the pages before) are loaded,
	// their passages chosen and their translations looked up.
	page, folded := ix.present(ctx, hits, pr.matched, pr.plan, pr.lang, pr.offset, pr.k)
	res.Total = len(hits) - folded
	res.Hits = page
	// The cards named are those the plan kept, and a card whose name opens
	// the question ("土牢でフェイズ・アウトした…"), its subject, even where
	// its texts do not answer.
	res.Cards = pr.plan.namedCards()
	for _, c := range pr.subjects {
		res.Cards = addUnique(res.Cards, c)
	}
	return res, nil
}

// prepared is a question understood and its candidates described by their
// features: all of a search but the model's part.
type prepared struct {
	res       *Result
	plan      *queryPlan
	matched   map[string]*search.DocumentMatch
	cands     []candidate
	lang      string // the answer's language
	game      string
	k, offset int
	offTopic  bool     // a question no rules text answers: no candidates
	subjects  []string // cards whose name opens the question
}

func (ix *Index) prepare(ctx context.Context, q Query) (*prepared, error) {
	text := strings.TrimSpace(q.Text)
	if text == "" {
		return nil, &QueryError{Code: "empty"}
	}
	if utf8.RuneCountInString(text) > MaxQueryLen {
		return nil, &QueryError{Code: "too_long", Max: MaxQueryLen}
	}
	// The question is read in the language it is written in, whatever
	// the language the asker reads answers in ("Comment marche le
	// piétinement ?" from someone reading English); where its words do
	// not tell (a card name alone), in the asker's language. The answer
	// is in the asker's language, by default the question's.
	detected, sure := i18n.DetectSure(text)
	lang, qlang := detected.String(), detected.String()
	if l, ok := i18n.ParseLang(q.Lang); ok && q.Lang != "" {
		lang = l.String()
		if !sure {
			qlang = lang
		}
	}
	k := q.K
	if k <= 0 {
		k = 5
	}
	pr := &prepared{lang: lang, k: k, offset: max(q.Offset, 0)} // a negative offset would slice out of range
	pr.res = &Result{Query: text, Lang: lang}
	res := pr.res
	rd := ix.reader()
	defer rd.close()
	// Search keys are normalized (NFKC: full and half width, compatibility
	// characters); the question is echoed as typed.
	a := ix.analyze(norm.NFKC.String(text), qlang, rd)
	res.Rules = a.rules
	// Until the plan says which it keeps, the cards named are those not
	// taken from common words.
	for _, c := range a.cards {
		if !c.weak {
			res.Cards = addUnique(res.Cards, c.names[0])
		}
		if c.span.start == 0 {
			pr.subjects = append(pr.subjects, c.names[0])
		}
	}
	for _, t := range a.topics {
		res.Terms = addUnique(res.Terms, ix.topics[t.topic].Term)
	}
	pr.game = q.Game
	if pr.game == "" {
		pr.game = a.game
	}
	res.Game = pr.game
	if (holds(ix.offTopicText(a, pr.game), cuesOf(pr.game)) || holds(a.text, otherGames)) && len(q.First) == 0 {
		pr.offTopic = true
		res.OffTopic = true
		return pr, nil
	}
	if name, ok := ix.unknownCardName(a); ok && len(q.First) == 0 {
		res.Unknown = name
		pr.offTopic = true
		return pr, nil
	}
	pr.plan = ix.plan(a, rd)
	candidates, err := ix.candidates(ctx, pr.plan, pr.game, poolSize(k+pr.offset))
	if err != nil {
		return nil, err
	}
	if pr.matched, err = ix.matches(ctx, candidates, pr.plan.located()); err != nil {
		return nil, err
	}
	pr.cands = ix.featurize(pr.plan, a, pr.matched, pr.game)
	return pr, nil
}

// namedCards lists the cards the plan kept (a weak name the question did
// not support is dropped).
func (p *queryPlan) namedCards() []string {
	var out []string
	for _, c := range p.concepts {
		if c.kind == conceptCard && c.weight > 0 && len(c.cards) > 0 {
			out = addUnique(out, c.cards[0])
		}
	}
	return out
}

// offTopicCues are words of questions no rules text answers, by what they
// ask. A cue written in Latin letters matches whole words ("worth", not in
// "trustworthy"), or the start of a word when it ends in * ("price*" in
// "prices"); one in Japanese matches anywhere. いくら asks a price where it
// ends a question or asks for a sum ("っていくら？", "いくらくらい",
// "いくらで売れる"), not in "ライフはいくら得る？"; どっち asks an opinion
// with いい or 強い ("どっちがいい？"), not in "どっちが先？".
var offTopicCues = []string{
	// Prices, trading and grading.
	"worth", "price*", "prix", "combien coût*", "combien cout*", "combien vaut", "ça vaut combien", "ca vaut combien", "valent combien", "値段", "いくら?", "いくらくらい", "いくらぐらい", "いくらで", "っていくら", "いくらする", "価格", "相場",
	"grading", "graded", "grader", "鑑定",
	// Tournament results and events.
	"who won", "qui a gagné", "qui a gagne", "優勝者", "優勝した", "pro tour", "プロツアー",
	// Deck advice and opinions.
	"best deck*", "best commander*", "meilleur deck", "meilleur commandant", "一番強い", "最強デッキ", "recommend*", "conseill*", "おすすめ", "オススメ",
	"which is better", "which one is better", "which is stronger", "which should my deck", "should my deck run", "should i run",
	"lequel est meilleur", "lequel est le meilleur", "lequel est mieux", "lequel est le mieux", "laquelle est meilleure", "laquelle est la meilleure",
	"je mets lequel", "je mets laquelle", "laquelle dans mon deck", "lequel dans mon deck",
	"どっちがいい", "どちらがいい", "どっちが強い", "どちらが強い", "どっちを入れ", "どちらを入れ", "入れるならどっち",
	"tier 1", "tier1", "tier list", "ティア1", "best looking", "la plus belle", "le plus beau", "一番かっこいい",
	// The story of the cards.
	"in the lore", "dans le lore", "du lore", "ストーリー",
	// Releases, reprints, products.
	"next set", "prochaine extension", "発売日", "release date*", "sortie de la", "reprint*", "réimprim*", "reimprim*", "再録",
	"collector booster*", "booster collector*", "コレクター・ブースター",
	"where to buy", "where can i buy", "acheter", "購入", "どこで買",
	// Banned lists and formats' pools, which the texts do not hold.
	"banned", "banni*", "ban list", "banlist", "禁止", "pauper", "パウパー",
	"budget", "pas cher", "安い", "rotation", "rotate*", "ローテーション", "reserved list", "réserve list", "リザーブ・リスト",
	// Things beside the game: proxies, accessories, the client, other languages.
	"proxy", "proxies", "proxys", "プロキシ", "playmat*", "tapis de jeu", "プレイマット", "sleeve", "sleeves", "sleeving", "protège-cartes", "protege-cartes", "スリーブ",
	// The cards as objects: their art, their print runs, keeping them.
	"who illustrated", "illustrator", "who drew", "the artist", "qui a dessiné", "qui a illustré", "illustrateur", "イラストレーター", "絵師",
	"were printed in", "print run", "ont été imprimées", "ont été imprimés", "刷られ",
	// Events: when and where.
	"à quelle heure", "何時から", "near me", "près de chez moi", "dans ma ville", "近くの大会", "近くの店",
	"redeem*", "code promo", "コードを入力", "german name", "nom allemand", "ドイツ語",
	// Judging as a job.
	"become a judge", "level 2 judge", "level 1 judge", "judge level", "devenir juge", "juge niveau", "ジャッジになる", "get paid", "sont payés", "給料",
	// The news ("yesterday" and "tomorrow" are not cues: "yesterday my
	// opponent…", "at my tournament tomorrow…" open rules questions).
	"on the news", "in the news", "aux infos", "ニュース",
}

// ygoOffTopicCues are offTopicCues less the words that are Yu-Gi-Oh!'s
// terms in another form: "banni" is banned in Magic, and "bannit",
// "bannissement" are banish in Yu-Gi-Oh!.
var ygoOffTopicCues = slices.DeleteFunc(slices.Clone(offTopicCues), func(c string) bool { return c == "banni*" })

// cuesOf returns the off-topic cues of a question of game.
func cuesOf(game string) []string {
	if game == "ygo" {
		return ygoOffTopicCues
	}
	return offTopicCues
}

// otherGames are the names of games whose rules the texts do not hold.
// They are read in the whole question, card names and Yu-Gi-Oh!'s terms
// included: "Duel Masters" is neither a card nor a duel.
var otherGames = []string{
	"pokemon", "pokémon", "ポケモン", "ポケカ", "hearthstone", "ハースストーン", "lorcana", "ロルカナ",
	"duel masters", "デュエマ", "デュエル・マスターズ", "digimon", "デジモン",
	"poker", "ポーカー", "chess", "aux échecs", "チェス", "uno", "dungeons and dragons", "donjons et dragons", "d&d",
}

// holds reports whether text holds one of cues (see offTopicCues), case
// aside.
func holds(text string, cues []string) bool {
	low := strings.ToLower(text)
	for _, c := range cues {
		if holdsCue(low, c) {
			return true
		}
	}
	return false
}

// holdsCue reports whether low holds the cue c: anywhere for a cue that is
// not in Latin letters, else as whole words, or as the start of a word for
// a cue ending in *.
func holdsCue(low, c string) bool {
	prefix := strings.HasSuffix(c, "*")
	c = strings.TrimSuffix(c, "*")
	latin := isLatin(c)
	for at := 0; at < len(low); {
		i := strings.Index(low[at:], c)
		if i < 0 {
			return false
		}
		i += at
		end := i + len(c)
		if !latin || !wordEnd(low[:i]) && (prefix || !wordStart(low[end:])) {
			return true
		}
		at = i + 1
	}
	return false
}

// wordEnd reports whether s ends in a letter or a digit.
func wordEnd(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// wordStart reports whether s starts with a letter or a digit.
func wordStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// settleHits turns the ranked candidates into the hits a reader sees: a
// heading is cited through the rule under it that answers best; a text
// and its translations take one place; one text is cited once however many
// documents carry it; an answer keeps to one game.
func (ix *Index) settleHits(ranked []scored, matched map[string]*search.DocumentMatch, lang, game string) []Hit {
	// A heading takes the place of the rule under it that answers (which
	// then comes no later), or no place at all.
	placed := map[string]bool{}
	out := make([]scored, 0, len(ranked))
	for _, h := range ranked {
		if ix.infos != nil && ix.infos.at(h.Doc.ID).Heading {
			kid, ok := ix.bestUnder(h.Doc.Ref, matched)
			if !ok || placed[kid] {
				continue
			}
			h.Doc = ix.infos.at(kid).doc(kid)
			h.hash = ix.infos.at(kid).Hash
		}
		if placed[h.Doc.ID] {
			continue
		}
		placed[h.Doc.ID] = true
		out = append(out, h)
	}
	hits := make([]Hit, 0, len(out))
	byHash := map[uint64]int{}
	perRule := map[string]int{}
	var later []Hit
	for _, h := range dedupTranslations(out, lang) {
		if i, ok := byHash[h.hash]; ok && h.hash != 0 {
			hits[i].Also = append(hits[i].Also, h.Doc.ID)
			continue
		}
		if game == "" && len(hits) > 0 && h.Doc.Game != hits[0].Doc.Game {
			continue
		}
		// Two rules under one rule are enough near the top; the others
		// follow the rest.
		if h.Doc.Kind == KindRule && len(hits) < 5 {
			if p := ruleParent(h.Doc.Ref); p != "" {
				if perRule[p]++; perRule[p] > 2 {
					later = append(later, h.Hit)
					continue
				}
			}
		}
		byHash[h.hash] = len(hits)
		hits = append(hits, h.Hit)
	}
	return mergeLater(hits, later)
}

// mergeLater puts back the hits held back from the top after the first
// five, keeping scores in order.
func mergeLater(hits, later []Hit) []Hit {
	if len(later) == 0 {
		return hits
	}
	n := min(5, len(hits))
	out := append([]Hit(nil), hits[:n]...)
	rest := append(append([]Hit(nil), hits[n:]...), later...)
	sort.SliceStable(rest, func(i, j int) bool { return rest[i].Score > rest[j].Score })
	for _, h := range rest {
		if len(out) > 0 && h.Score > out[len(out)-1].Score {
			h.Score = out[len(out)-1].Score
		}
		out = append(out, h)
	}
	return out
}

// bestUnder returns the rule under a heading that answers it: the one
// that holds most of the question's words (each counted once: a rule
// that repeats the keyword's name does not say more about it), the first
// in the rules' order on a tie, as the rules define a keyword before
// they refine it, and never a text too short to say anything ("Deathtouch
// is a static ability.") when another rule matches as well.
func (ix *Index) bestUnder(number string, matched map[string]*search.DocumentMatch) (string, bool) {
	kids := ix.related.ruleKids(number)
	best, bestScore, bestShort := "", -1, true
	for _, id := range kids {
		score := 0
		if m := matched[id]; m != nil {
			terms := map[string]bool{}
			for _, tl := range m.Locations {
				for t := range tl {
					terms[t] = true
				}
			}
			score = len(terms)
		}
		short := ix.infos.at(id).Len < shortText
		if score > bestScore || score == bestScore && bestShort && !short {
			best, bestScore, bestShort = id, score, short
		}
	}
	return best, best != ""
}

// dedupTranslations shows a document once: an original and its
// translations share one slot, the best-ranked one, held by the version in
// the asker's language when it is among the hits.
func dedupTranslations(hits []scored, lang string) []scored {
	group := func(d Doc) string {
		if d.OriginalID != "" {
			return d.OriginalID
		}
		return d.ID
	}
	seen := map[string]int{}
	out := make([]scored, 0, len(hits))
	for _, h := range hits {
		g := group(h.Doc)
		if i, ok := seen[g]; ok {
			if out[i].Doc.Lang != lang && h.Doc.Lang == lang {
				h.Score = out[i].Score
				h.Exact = out[i].Exact
				out[i] = h
			}
			continue
		}
		seen[g] = len(out)
		out = append(out, h)
	}
	return out
}

// resolveTranslations shows an original in another language through its
// translation into the asker's language, if there is one, and attaches the
// original to every translation.
func (ix *Index) resolveTranslations(ctx context.Context, hits []Hit, lang string) {
	for i := range hits {
		h := &hits[i]
		ix.resolveTranslation(ctx, h, lang)
		// A text put in the hit's place is quoted anew.
		if h.Snippet == "" {
			h.Snippet, h.Quote = docPassage(h.Doc, nil, 0)
		}
	}
}

// resolveTranslation puts in h's place the text of it the asker reads, if
// there is one, and attaches the original to a translation.
func (ix *Index) resolveTranslation(ctx context.Context, h *Hit, lang string) {
	if h.Doc.OriginalID != "" && h.Doc.Lang != lang {
		// A translation into another language: show the original if the
		// asker reads it, else the asker's own translation, if any.
		if o, ok := ix.Doc(ctx, h.Doc.OriginalID); ok {
			if o.Lang == lang {
				h.Doc, h.Original, h.Snippet, h.Quote = o, nil, "", ""
				return
			}
			if tr, ok := ix.translationOf(ctx, o.ID, lang); ok {
				h.Doc, h.Original, h.Snippet, h.Quote = tr, &o, "", ""
				return
			}
		}
	}
	if h.Doc.OriginalID == "" && h.Doc.Lang != lang {
		if tr, ok := ix.translationOf(ctx, h.Doc.ID, lang); ok {
			orig := h.Doc
			h.Doc, h.Original = tr, &orig
			h.Snippet, h.Quote = "", ""
		}
	}
	if h.Doc.OriginalID != "" && h.Original == nil {
		if o, ok := ix.Doc(ctx, h.Doc.OriginalID); ok {
			h.Original = &o
		}
	}
}

// translationOf finds the translation of document id into lang.
func (ix *Index) translationOf(ctx context.Context, id, lang string) (Doc, bool) {
	for _, tid := range translationIDs(id, lang) {
		if ix.infos != nil && !ix.translates(tid, id, lang) {
			continue
		}
		if d, ok := ix.Doc(ctx, tid); ok && d.OriginalID == id && d.Lang == lang {
			return d, true
		}
	}
	return Doc{}, false
}

// translationIDs are the IDs a translation of document id into lang may
// have.
func translationIDs(id, lang string) [2]string {
	return [2]string{id + "." + lang, id + "-" + lang}
}

// translates reports whether the ranking table holds tid as the
// translation of document id into lang.
func (ix *Index) translates(tid, id, lang string) bool {
	i, ok := ix.info(tid)
	return ok && i.OriginalID == id && i.Lang == lang
}

// Doc returns a document by ID.
func (ix *Index) Doc(ctx context.Context, id string) (Doc, bool) {
	if ctx.Err() != nil {
		return Doc{}, false
	}
	doc, err := ix.bl.Document(id)
	if err != nil || doc == nil {
		return Doc{}, false
	}
	return storedDoc(doc)
}

func rawDoc(fields map[string]interface{}) (Doc, bool) {
	s, ok := fields[fRaw].(string)
	if !ok {
		return Doc{}, false
	}
	var d Doc
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		return Doc{}, false
	}
	return d, true
}

func isNumberTerm(t string) bool {
	for _, r := range t {
		if !unicode.IsDigit(r) && r != '.' {
			return false
		}
	}
	return true
}

func isLatin(s string) bool {
	for _, r := range s {
		if r > 0x2FF {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}
