package i18n

import "unicode"

// The no-break spaces of French typography.
const (
	nbsp  = '\u00A0' // before ":" and inside « »
	nnbsp = '\u202F' // before "?", "!" and ";"
)

// typography applies the typography of l to a message template. Only
// French has rules; see the package documentation for what they are.
func typography(l Lang, s string) string {
	if l != FR {
		return s
	}
	return frenchSpaces(s)
}

// frenchSpaces applies French spacing to a template:
//
//   - a run of spaces (ASCII, U+00A0 or U+202F) before "?", "!" or ";"
//     becomes one U+202F, and one before ":" becomes one U+00A0, unless the
//     run starts a line;
//   - with no space at all, the space is inserted when the mark follows a
//     letter, a digit or a closing ) ] * _ ` » and is followed by white
//     space, the end, or closing punctuation, so "http://", "15:30", "?lang=" and
//     "!key" are left alone;
//   - the spaces just inside « » become one U+00A0, inserted if missing;
//   - code between backquotes, such as `/ruling question: ...`, is left
//     as written.
//
// It is idempotent: its output is a fixed point.
func frenchSpaces(s string) string {
	in := []rune(s)
	out := make([]rune, 0, len(in)+8)
	for i := 0; i < len(in); i++ {
		r := in[i]
		switch r {
		case '`':
			end := i + 1
			for end < len(in) && in[end] != '`' {
				end++
			}
			if end == len(in) {
				out = append(out, r)
				continue
			}
			out = append(out, in[i:end+1]...)
			i = end
		case '?', '!', ';', ':':
			want := nnbsp
			if r == ':' {
				want = nbsp
			}
			j := len(out)
			for j > 0 && isHSpace(out[j-1]) {
				j--
			}
			switch {
			case j < len(out) && j > 0 && out[j-1] != '\n':
				out = append(out[:j], want)
			case j == len(out) && j > 0 && wantsSpaceAfter(out[j-1]) && endsClause(in, i+1):
				out = append(out, want)
			}
			out = append(out, r)
		case '«':
			out = append(out, r)
			for i+1 < len(in) && isHSpace(in[i+1]) {
				i++
			}
			if i+1 < len(in) {
				out = append(out, nbsp)
			}
		case '»':
			j := len(out)
			for j > 0 && isHSpace(out[j-1]) {
				j--
			}
			out = out[:j]
			if j > 0 && out[j-1] != '\n' {
				out = append(out, nbsp)
			}
			out = append(out, r)
		default:
			out = append(out, r)
		}
	}
	return string(out)
}

// isHSpace reports whether r is a space that can sit before French
// punctuation: ASCII space, U+00A0 or U+202F.
func isHSpace(r rune) bool { return r == ' ' || r == nbsp || r == nnbsp }

// wantsSpaceAfter reports whether r, written just before a high
// punctuation mark, ends a word the mark belongs to.
func wantsSpaceAfter(r rune) bool {
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return true
	}
	switch r {
	case ')', ']', '*', '_', '`', '»':
		return true
	}
	return false
}

// endsClause reports whether the mark before in[i] ends a clause: it is
// followed by white space, the end of the text, or closing punctuation.
func endsClause(in []rune, i int) bool {
	if i >= len(in) {
		return true
	}
	r := in[i]
	if unicode.IsSpace(r) {
		return true
	}
	switch r {
	case '?', '!', ';', ':', ')', ']', '*', '_', '`', '»', '.', ',', '"', '\'':
		return true
	}
	return false
}
