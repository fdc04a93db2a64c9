package kb

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"arbiter/i18n"
)

// QuestionKey is what a question asks, whatever its language and wording:
// the cards, Yu-Gi-Oh! cards, topics and rule numbers it names, and its
// other content words as English terms (a French or Japanese word through
// the English word the printed cards translate it with). Two questions
// with the same key are close paraphrases: "Can an Aura phase out?",
// "can an aura phase out" and "Une aura peut-elle passer hors phase ?"
// share theirs. lang is the asker's language, as in Query. The key is
// "" for a question with nothing to key on; it holds for this index only
// (topics are named by their place in it).
func (ix *Index) QuestionKey(text, lang string) string {
	text = strings.TrimSpace(text)
	if text == "" || utf8.RuneCountInString(text) > MaxQueryLen {
		return ""
	}
	qlang := i18n.Detect(text)
	if l, ok := i18n.ParseLang(lang); ok && lang != "" && (qlang == i18n.JA) == (l == i18n.JA) {
		qlang = l
	}
	ql := qlang.String()
	rd := ix.reader()
	defer rd.close()
	a := ix.analyze(norm.NFKC.String(text), ql, rd)
	parts := map[string]bool{}
	for _, c := range a.cards {
		parts["card:"+c.names[0]] = true
	}
	for _, y := range a.ygo {
		if y < len(ix.ygo) {
			parts["card:"+ix.ygo[y].Name] = true
		}
	}
	for _, t := range a.topics {
		parts["topic:"+strconv.Itoa(t.topic)] = true
	}
	for _, r := range a.rules {
		parts["rule:"+r] = true
	}
	rest := []byte(a.text)
	for _, sp := range a.taken {
		blank(rest, sp)
	}
	for _, t := range ix.analyzeWith(ix.jaMode.analyzers()[ql], string(rest)) {
		if isNumberTerm(t) || questionWord(ql, t) || functionTerm(ql, t) || ql == "ja" && utf8.RuneCountInString(t) < 2 && !isHan(t) {
			continue
		}
		switch en := ix.trans[ql][t]; {
		case ql == "en":
			parts["word:"+t] = true
		case len(en) > 0 && functionTerm("en", en[0]):
		case len(en) > 0:
			parts["word:"+en[0]] = true
		default:
			parts["word:"+ql+":"+t] = true
		}
	}
	keys := make([]string, 0, len(parts))
	for k := range parts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, "|")
}
