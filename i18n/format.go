package i18n

import (
	"strconv"
	"time"
)

// List joins items the way the printer's language writes a list: "A, B and
// C", "A, B et C", "A、B、C". The patterns are the messages
// common.list.two, .start, .middle and .end, applied as CLDR list patterns
// are. No items give "", one item gives itself.
func (p *Printer) List(items []string) string {
	return p.join(items, KeyListTwo, KeyListEnd)
}

// join applies the list patterns two and end, with common.list.start and
// common.list.middle, to items.
func (p *Printer) join(items []string, two, end Key) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return p.T(two, items[0], items[1])
	}
	n := len(items)
	s := p.T(end, items[n-2], items[n-1])
	for i := n - 3; i > 0; i-- {
		s = p.T(KeyListMiddle, items[i], s)
	}
	return p.T(KeyListStart, items[0], s)
}

// ListOr joins items as alternatives: "A, B or C", "A, B ou C",
// "A、B、またはC", for suggestions. It uses common.list.or_two and
// common.list.or_end with List's start and middle patterns.
func (p *Printer) ListOr(items []string) string {
	return p.join(items, KeyListOrTwo, KeyListOrEnd)
}

// Date writes an ISO date ("2022-02-18", or a timestamp that starts with
// one, such as "2022-02-18T10:00:00Z") the way people write dates in the
// printer's language: "February 18, 2022", "18 février 2022" ("1er mars
// 2022" on the first of a month), "2022年2月18日". Input it cannot read is
// returned as is.
func (p *Printer) Date(iso string) string {
	s := iso
	if len(s) > 10 && s[10] == 'T' {
		s = s[:10]
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return iso
	}
	month := p.T(monthKey(t.Month()))
	return p.T(KeyDate, t.Day(), month, strconv.Itoa(t.Year()), int(t.Month()))
}

// monthKey returns the key of the name of month m: "common.month.1" to
// "common.month.12".
func monthKey(m time.Month) Key { return Key("common.month." + strconv.Itoa(int(m))) }

// Number writes n with the digit grouping of the printer's language, as
// golang.org/x/text/message does: "12,345" in English and Japanese, and
// "12 345" in French, where the separator is U+00A0 NO-BREAK SPACE.
func (p *Printer) Number(n int) string { return p.p.Sprint(n) }

// LangName returns the name of l in the printer's language: "French",
// "français", "フランス語".
func (p *Printer) LangName(l Lang) string { return p.T(Key("common.lang." + l.String())) }

// CardName displays a card by its localized name followed by its English
// name, "Protection de Téfeiri (Teferi's Protection)" (full-width
// parentheses in Japanese), so that players can find the official English
// card. In English, or when localized is empty or the English name itself,
// it is the English name alone.
func CardName(p *Printer, english, localized string) string {
	if p.Lang() == EN || localized == "" || localized == english {
		return english
	}
	if english == "" {
		return localized
	}
	return p.T(KeyCardName, localized, english)
}
