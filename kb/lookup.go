package kb

import (
	"context"
	"sort"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
)

// RuleResult is a rule with its subrules.
type RuleResult struct {
	Rule     Doc
	Subrules []Doc
	// Old holds the texts of an old rule number (kind rule, obsolete) when
	// the number asked for is not a current rule.
	Old []Doc
	// Current is the current number of an old or abolished rule ("" if abolished).
	Current   string
	Abolished bool
	// CitedBy lists the clarifications (rulings, articles) that cite the rule.
	CitedBy []Doc
}

// NormalizeRuleNumber trims a rule number as users type it: "702.26d.",
// "CR 702.26D", "r702.26" → "702.26d".
func NormalizeRuleNumber(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "cr")
	s = strings.TrimPrefix(s, "rule")
	s = strings.TrimPrefix(s, "règle")
	s = strings.TrimPrefix(s, "r")
	s = strings.TrimSpace(s)
	return strings.TrimSuffix(s, ".")
}

// Rule returns a rule and its subrules. crDate selects an older release
// the index holds ("" for the current one). An old number (502.15h) gives
// its old texts and its current number; found is false when the number is
// neither a rule nor an old number.
func (ix *Index) Rule(ctx context.Context, number, crDate string) (RuleResult, bool, error) {
	num := NormalizeRuleNumber(number)
	var res RuleResult
	prefix := "cr:"
	if crDate != "" && crDate != ix.meta.CurrentCR {
		prefix = "cr@" + crDate + ":"
	}
	d, ok := ix.Doc(ctx, prefix+num)
	if ok {
		res.Rule = d
		subs, err := ix.children(ctx, num, prefix)
		if err != nil {
			return res, false, err
		}
		res.Subrules = subs
		cited, err := ix.citing(ctx, num)
		if err != nil {
			return res, false, err
		}
		res.CitedBy = cited
		return res, true, nil
	}
	old, err := ix.termDocs(ctx, fRef, num, func(d Doc) bool { return d.Kind == KindRule && d.Obsolete })
	if err != nil {
		return res, false, err
	}
	cur, known := ix.renum.CurrentOf(num)
	if len(old) == 0 && !known {
		return res, false, nil
	}
	res.Old = old
	res.Current = cur
	if len(old) > 0 && res.Current == "" {
		res.Current = old[0].Current
	}
	res.Abolished = res.Current == ""
	if res.Current != "" {
		if d, ok := ix.Doc(ctx, "cr:"+res.Current); ok {
			res.Rule = d
			res.Subrules, _ = ix.children(ctx, res.Current, "cr:")
		}
	}
	return res, true, nil
}

// children returns the subrules of num in the release of prefix, in rule order.
func (ix *Index) children(ctx context.Context, num, prefix string) ([]Doc, error) {
	docs, err := ix.termDocs(ctx, fParent, num, func(d Doc) bool {
		return d.Kind == KindRule && strings.HasPrefix(d.ID, prefix)
	})
	sort.SliceStable(docs, func(i, j int) bool { return ruleLess(docs[i].Ref, docs[j].Ref) })
	return docs, err
}

// citing returns the clarifications that cite rule num (or a subrule of it).
func (ix *Index) citing(ctx context.Context, num string) ([]Doc, error) {
	docs, err := ix.termDocs(ctx, fCites, num, func(d Doc) bool { return d.Kind != KindRule })
	sort.SliceStable(docs, func(i, j int) bool { return docs[i].ID < docs[j].ID })
	return docs, err
}

// termDocs returns the documents whose keyword field holds value, filtered.
func (ix *Index) termDocs(ctx context.Context, field, value string, keep func(Doc) bool) ([]Doc, error) {
	tq := bleve.NewTermQuery(strings.ToLower(value))
	tq.SetField(field)
	return ix.collect(ctx, tq, 2000, keep)
}

func (ix *Index) collect(ctx context.Context, q query.Query, size int, keep func(Doc) bool) ([]Doc, error) {
	req := bleve.NewSearchRequestOptions(q, size, 0, false)
	req.Fields = []string{fRaw}
	req.SortBy([]string{"_id"})
	sr, err := ix.bl.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	var out []Doc
	for _, h := range sr.Hits {
		if d, ok := rawDoc(h.Fields); ok && (keep == nil || keep(d)) {
			out = append(out, d)
		}
	}
	return out, nil
}

// ruleLess orders rule numbers as the CR does: 702.9 before 702.10,
// 702.26a before 702.26b.
func ruleLess(a, b string) bool {
	as, bs := splitRule(a), splitRule(b)
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] != bs[i] {
			ai, aok := numeric(as[i])
			bi, bok := numeric(bs[i])
			if aok && bok {
				return ai < bi
			}
			return as[i] < bs[i]
		}
	}
	return len(as) < len(bs)
}

// splitRule splits "702.26d" into "702", "26", "d".
func splitRule(s string) []string {
	var out []string
	cur := ""
	kind := 0
	for _, r := range s {
		k := 1
		if r >= 'a' && r <= 'z' {
			k = 2
		}
		if r == '.' {
			if cur != "" {
				out = append(out, cur)
			}
			cur, kind = "", 0
			continue
		}
		if kind != 0 && k != kind {
			out = append(out, cur)
			cur = ""
		}
		cur += string(r)
		kind = k
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

func numeric(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, true
}

// CardResult is a card with its rulings.
type CardResult struct {
	Name     string              // English name
	OracleID string              `json:",omitempty"`
	Names    map[string][]string // "fr", "ja" -> printed names
	// Rulings are the card's rulings in their official order (by date, then
	// as their source lists them), each once, in its original language.
	Rulings []Doc
	// Translations holds the translations of the rulings that have some:
	// ruling ID -> language -> translation.
	Translations map[string]map[string]Doc
	// Oracle is the card's Oracle text, when the index has the cards file;
	// Printed its printed French and Japanese texts.
	Oracle  *Doc
	Printed map[string]Doc
	// Fuzzy is set when the name was not found exactly and this is the
	// closest card; Suggestions lists other candidates.
	Fuzzy       bool
	Suggestions []string
	// YGO is the Yu-Gi-Oh! card, when the name is one the index knows
	// (by its English or Japanese name or a name players use).
	YGO *YGOCard `json:",omitempty"`
}

// RulingIn returns a ruling as a reader of lang sees it: its translation
// into lang when there is one, else the ruling itself.
func (r CardResult) RulingIn(d Doc, lang string) Doc {
	if tr, ok := r.Translations[d.ID][lang]; ok {
		return tr
	}
	return d
}

// Card finds a card by its English, French or Japanese name, exactly (case,
// accents, width and punctuation folded), then fuzzily (typos), and returns
// its texts: its Oracle and printed texts, and its rulings in their
// official order. A Yu-Gi-Oh! card is found by its English or Japanese
// name or a name players use for it.
func (ix *Index) Card(ctx context.Context, name string) (CardResult, bool, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return CardResult{}, false, nil
	}
	var res CardResult
	if cs := ix.cards.lookup(name); len(cs) > 0 {
		res.Name, res.OracleID, res.Names = cs[0].Name, cs[0].OracleID, cs[0].Names
	} else if y, ok := ix.ygoNamed(name); ok && y.Name != "" {
		res.Name = y.Name
	} else if rs, err := ix.termDocs(ctx, fCard, NormalizeName(name), nil); err == nil && len(rs) > 0 {
		res.Name = rs[0].Card
	} else {
		cands, err := ix.SuggestCards(ctx, name, 5)
		if err != nil {
			return res, false, err
		}
		if len(cands) == 0 {
			return res, false, nil
		}
		res.Fuzzy = true
		res.Name = cands[0]
		res.Suggestions = cands[1:]
		if cs := ix.cards.lookup(res.Name); len(cs) > 0 {
			res.OracleID, res.Names = cs[0].OracleID, cs[0].Names
		}
	}
	if res.OracleID == "" {
		if y, ok := ix.ygoNamed(res.Name); ok {
			res.YGO = &y
			if y.JAName != "" {
				res.Names = map[string][]string{"ja": {y.JAName}}
			}
		}
	}
	docs, err := ix.termDocs(ctx, fCard, NormalizeName(res.Name), func(d Doc) bool { return d.Card == res.Name })
	if err != nil {
		return res, false, err
	}
	byID := map[string]Doc{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	var rulings []Doc
	for _, d := range docs {
		switch {
		case d.Kind == KindCard && d.OriginalID == "" && d.Text != "":
			if res.Oracle == nil || d.ID < res.Oracle.ID {
				o := d
				res.Oracle = &o
			}
		case d.Kind == KindCard && d.OriginalID != "":
			if res.Printed == nil {
				res.Printed = map[string]Doc{}
			}
			if _, ok := res.Printed[d.Lang]; !ok {
				res.Printed[d.Lang] = d
			}
		case d.Kind == KindRuling && d.OriginalID != "" && byID[d.OriginalID].ID != "":
			if res.Translations == nil {
				res.Translations = map[string]map[string]Doc{}
			}
			if res.Translations[d.OriginalID] == nil {
				res.Translations[d.OriginalID] = map[string]Doc{}
			}
			res.Translations[d.OriginalID][d.Lang] = d
		case d.Kind == KindRuling:
			rulings = append(rulings, d)
		}
	}
	sort.SliceStable(rulings, func(i, j int) bool { return officialOrder(rulings[i], rulings[j]) })
	// The same ruling from two sources is listed once: the copy with
	// translations, else the first.
	seen := map[uint64]int{}
	for _, d := range rulings {
		h := textHash(d.Text)
		if i, ok := seen[h]; ok {
			if len(res.Translations[d.ID]) > len(res.Translations[res.Rulings[i].ID]) {
				res.Rulings[i] = d
			}
			continue
		}
		seen[h] = len(res.Rulings)
		res.Rulings = append(res.Rulings, d)
	}
	return res, true, nil
}

// officialOrder orders a card's rulings as they were published: by date,
// then as their source lists them.
func officialOrder(a, b Doc) bool {
	if a.Date != b.Date {
		return a.Date < b.Date
	}
	ga, gb := strings.TrimRightFunc(a.ID, unicode.IsDigit), strings.TrimRightFunc(b.ID, unicode.IsDigit)
	if ga != gb {
		return ga < gb
	}
	return trailingNumber(a.ID) < trailingNumber(b.ID)
}

// SuggestCards returns up to n English card names close to name in any
// language: exact, then prefix, then fuzzy (edit distance up to 2 a word).
func (ix *Index) SuggestCards(ctx context.Context, name string, n int) ([]string, error) {
	norm := NormalizeName(name)
	if norm == "" {
		return nil, nil
	}
	var out []string
	for _, c := range ix.cards.lookup(name) {
		out = addUnique(out, c.Name)
	}
	out = addUnique(out, ix.ygoStartingWith(name)...)
	words := strings.Fields(norm)
	conj := bleve.NewConjunctionQuery()
	for i, w := range words {
		if i == len(words)-1 {
			pq := bleve.NewPrefixQuery(w)
			pq.SetField(fNames)
			fq := bleve.NewFuzzyQuery(w)
			fq.SetField(fNames)
			fq.SetFuzziness(fuzziness(w))
			conj.AddQuery(bleve.NewDisjunctionQuery(pq, fq))
			continue
		}
		fq := bleve.NewFuzzyQuery(w)
		fq.SetField(fNames)
		fq.SetFuzziness(fuzziness(w))
		conj.AddQuery(fq)
	}
	req := bleve.NewSearchRequestOptions(conj, n*3, 0, false)
	req.Fields = []string{fRaw}
	sr, err := ix.bl.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	for _, h := range sr.Hits {
		if d, ok := rawDoc(h.Fields); ok && d.Card != "" {
			out = addUnique(out, d.Card)
		}
		if len(out) >= n {
			break
		}
	}
	return out[:min(len(out), n)], nil
}

func fuzziness(w string) int {
	switch n := len([]rune(w)); {
	case n <= 3:
		return 0
	case n <= 6:
		return 1
	}
	return 2
}
