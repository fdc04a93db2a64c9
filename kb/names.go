package kb

// CardNames returns the printed names of a card by its English name, as
// readers of each language know it: "fr", "ja" -> the newest printing's
// name, from the cards file for a Magic card and from the ruling
// assistant's cards for a Yu-Gi-Oh! card. Nil when the index knows none.
func (ix *Index) CardNames(english string) map[string]string {
	if english == "" {
		return nil
	}
	var out map[string]string
	put := func(lang, name string) {
		if name == "" || name == english {
			return
		}
		if out == nil {
			out = map[string]string{}
		}
		out[lang] = name
	}
	if ix.cards != nil {
		for _, c := range ix.cards.lookup(english) {
			if c.Name != english {
				continue
			}
			for l, ns := range c.Names {
				if len(ns) > 0 {
					put(l, ns[len(ns)-1])
				}
			}
			return out
		}
	}
	for _, c := range ix.ygo {
		if c.Name == english {
			put("ja", c.JAName)
			return out
		}
	}
	return out
}

// nameCards gives each hit the printed names of the card it is about.
func (ix *Index) nameCards(hits []Hit) {
	for i := range hits {
		hits[i].CardNames = ix.CardNames(hits[i].Doc.Card)
	}
}
