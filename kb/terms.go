package kb

// terms returns every term of the entry in lang, current and obsolete.
func (g GlossaryTerm) terms(lang string) []string {
	return append(append([]string(nil), g.Terms[lang]...), g.Old[lang]...)
}

// CurrentOf returns the current number of an old rule number, and whether
// the table knows the number ("" with true: abolished).
func (r *Renumbering) CurrentOf(old string) (string, bool) {
	if r == nil {
		return "", false
	}
	e, ok := r.Lookup(old)
	if !ok {
		return "", false
	}
	if e.Abolished {
		return "", true
	}
	return e.Current, true
}
