package i18n

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Key names a message. Keys are dotted and start with their domain, the
// name of the file that holds them: "common.answer.found" lives in
// locales/<lang>/common.json.
type Key string

//go:embed locales
var embedded embed.FS

// Catalog holds every message in every language. It is immutable once
// loaded and safe for concurrent use.
type Catalog struct {
	keys     [3]map[Key]bool
	printers [3]*Printer
	matcher  language.Matcher
}

// Load returns the catalog of the embedded locales.
func Load() (*Catalog, error) {
	sub, err := fs.Sub(embedded, "locales")
	if err != nil {
		return nil, fmt.Errorf("i18n: %w", err)
	}
	return LoadFS(sub)
}

// LoadFS reads a catalog from fsys, laid out as <lang>/<domain>.json with
// lang one of en, fr and ja. Each file is a flat JSON object from key to
// message; a message is a string in golang.org/x/text/message syntax or a
// plural object such as {"arg": 1, "one": "%[1]d result", "other":
// "%[1]d results"}. A key must start with its file's domain and appear once
// per language. French templates get French typography (see the package
// documentation). Directories of other languages are ignored.
func LoadFS(fsys fs.FS) (*Catalog, error) {
	b := catalog.NewBuilder()
	c := &Catalog{matcher: newMatcher()}
	for _, l := range langs() {
		c.keys[l] = map[Key]bool{}
		files, err := fs.Glob(fsys, path.Join(l.String(), "*.json"))
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		for _, f := range files {
			data, err := fs.ReadFile(fsys, f)
			if err != nil {
				return nil, fmt.Errorf("i18n: %w", err)
			}
			domain := strings.TrimSuffix(path.Base(f), ".json")
			entries, err := decodeFile(data)
			if err != nil {
				return nil, fmt.Errorf("i18n: %s: %w", f, err)
			}
			for _, e := range entries {
				if !strings.HasPrefix(e.key, domain+".") {
					return nil, fmt.Errorf("i18n: %s: key %q does not start with %q", f, e.key, domain+".")
				}
				if c.keys[l][Key(e.key)] {
					return nil, fmt.Errorf("i18n: %s: key %q defined twice", f, e.key)
				}
				msg, err := compile(l, e.raw)
				if err != nil {
					return nil, fmt.Errorf("i18n: %s: %s: %w", f, e.key, err)
				}
				if err := b.Set(l.Tag(), e.key, msg); err != nil {
					return nil, fmt.Errorf("i18n: %s: %s: %w", f, e.key, err)
				}
				c.keys[l][Key(e.key)] = true
			}
		}
	}
	for _, l := range langs() {
		c.printers[l] = &Printer{
			lang: l,
			keys: c.keys[l],
			p:    message.NewPrinter(l.Tag(), message.Catalog(b)),
		}
	}
	return c, nil
}

// entry is one key of a locale file with its undecoded message.
type entry struct {
	key string
	raw json.RawMessage
}

// decodeFile reads a flat JSON object, keeping the order of its keys and
// rejecting duplicates, which encoding/json would silently merge.
func decodeFile(data []byte) ([]entry, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("want a JSON object of messages")
	}
	var out []entry
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k := tok.(string) // object keys are always strings
		if seen[k] {
			return nil, fmt.Errorf("key %q defined twice", k)
		}
		seen[k] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		out = append(out, entry{k, raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("data after the object")
	}
	return out, nil
}

// pluralForms are the selectors a plural object may use besides "=N",
// in the order they are tried.
func pluralForms() []string { return []string{"zero", "one", "two", "few", "many", "other"} }

// compile turns one message of language l into a catalog message.
func compile(l Lang, raw json.RawMessage) (catalog.Message, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return catalog.String(typography(l, s)), nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("a message is a string or a plural object")
	}
	argRaw, ok := obj["arg"]
	if !ok {
		return nil, fmt.Errorf("plural object without \"arg\"")
	}
	var arg int
	if err := json.Unmarshal(argRaw, &arg); err != nil || arg < 1 {
		return nil, fmt.Errorf("plural \"arg\" must be an argument index, 1 or more")
	}
	cases := map[string]string{}
	for k, v := range obj {
		if k == "arg" {
			continue
		}
		if !isSelector(k) {
			return nil, fmt.Errorf("unknown plural form %q", k)
		}
		var text string
		if err := json.Unmarshal(v, &text); err != nil {
			return nil, fmt.Errorf("plural form %q must be a string", k)
		}
		cases[k] = typography(l, text)
	}
	if _, ok := cases["other"]; !ok {
		return nil, fmt.Errorf("plural object without \"other\"")
	}
	var exact []string
	for k := range cases {
		if strings.HasPrefix(k, "=") {
			exact = append(exact, k)
		}
	}
	sort.Slice(exact, func(i, j int) bool {
		a, _ := strconv.Atoi(exact[i][1:])
		b, _ := strconv.Atoi(exact[j][1:])
		return a < b
	})
	var sel []any
	for _, k := range append(exact, pluralForms()...) {
		if text, ok := cases[k]; ok {
			sel = append(sel, k, text)
		}
	}
	return plural.Selectf(arg, "", sel...), nil
}

// isSelector reports whether k is a CLDR plural category or "=N".
func isSelector(k string) bool {
	for _, f := range pluralForms() {
		if k == f {
			return true
		}
	}
	if n, ok := strings.CutPrefix(k, "="); ok {
		v, err := strconv.Atoi(n)
		return err == nil && v >= 0 && strconv.Itoa(v) == n
	}
	return false
}

// Keys returns every key of the catalog, in any language, sorted.
func (c *Catalog) Keys() []Key {
	seen := map[Key]bool{}
	for _, m := range c.keys {
		for k := range m {
			seen[k] = true
		}
	}
	keys := make([]Key, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// Missing returns the keys that some language has and l lacks, sorted.
func (c *Catalog) Missing(l Lang) []Key {
	var out []Key
	for _, k := range c.Keys() {
		if !c.Printer(l).Has(k) {
			out = append(out, k)
		}
	}
	return out
}

// Match is the package's Match with the catalog's matcher, which is built
// once: use it per interaction.
func (c *Catalog) Match(locales ...string) Lang { return matchWith(c.matcher, locales) }

// Printer returns the printer for l; a value outside EN, FR and JA gets
// English. Printers are built once by Load, so this is free, and a Printer
// is safe for concurrent use.
func (c *Catalog) Printer(l Lang) *Printer {
	if !l.valid() {
		l = EN
	}
	return c.printers[l]
}

// Printer renders messages in one language.
type Printer struct {
	lang Lang
	keys map[Key]bool
	p    *message.Printer
}

// Lang returns the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// Has reports whether key has a message in the printer's language.
func (p *Printer) Has(key Key) bool { return p.keys[key] }

// T renders the message key with args, formatted for the printer's
// language: plural forms follow the count, and integers printed with %d
// get the locale's digit grouping (pass years and identifiers as strings).
// A missing key renders as "!key".
func (p *Printer) T(key Key, args ...any) string {
	if !p.keys[key] {
		return "!" + string(key)
	}
	return p.p.Sprintf(string(key), args...)
}
