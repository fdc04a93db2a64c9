package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"golang.org/x/text/language"
)

// Lang is one of the languages Arbiter speaks. The zero value is English.
type Lang int

// The supported languages; English is the fallback.
const (
	EN Lang = iota
	FR
	JA
)

var langTags = [...]language.Tag{EN: language.English, FR: language.French, JA: language.Japanese}

// String returns the language's code: "en", "fr" or "ja".
func (l Lang) String() string {
	switch l {
	case FR:
		return "fr"
	case JA:
		return "ja"
	}
	return "en"
}

// Tag returns the language's BCP 47 tag.
func (l Lang) Tag() language.Tag { return langTags[l] }

// ParseLang reads a language code or locale ("fr", "fr-CA", "ja-JP", "en-US").
func ParseLang(s string) (Lang, bool) {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "-")
	base, _, _ = strings.Cut(base, "_")
	switch base {
	case "en":
		return EN, true
	case "fr":
		return FR, true
	case "ja":
		return JA, true
	}
	return EN, false
}

// Key names a message.
type Key string

//go:embed locales
var embedded embed.FS

// Catalog holds every message in every language.
type Catalog struct {
	msgs [3]map[Key]string
}

// Load returns the catalog of the embedded locales.
func Load() (*Catalog, error) {
	sub, err := fs.Sub(embedded, "locales")
	if err != nil {
		return nil, err
	}
	return LoadFS(sub)
}

// LoadFS reads a catalog from fsys, laid out as <lang>/<domain>.json.
func LoadFS(fsys fs.FS) (*Catalog, error) {
	c := &Catalog{}
	for _, l := range []Lang{EN, FR, JA} {
		c.msgs[l] = map[Key]string{}
		files, err := fs.Glob(fsys, path.Join(l.String(), "*.json"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			b, err := fs.ReadFile(fsys, f)
			if err != nil {
				return nil, err
			}
			var m map[string]string
			if err := json.Unmarshal(b, &m); err != nil {
				return nil, fmt.Errorf("i18n: %s: %w", f, err)
			}
			for k, v := range m {
				c.msgs[l][Key(k)] = v
			}
		}
	}
	return c, nil
}

// Keys returns every key of the catalog, sorted.
func (c *Catalog) Keys() []Key {
	seen := map[Key]bool{}
	for _, m := range c.msgs {
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

// Printer renders messages in one language.
type Printer struct {
	lang Lang
	msgs map[Key]string
}

// Printer returns the printer for l.
func (c *Catalog) Printer(l Lang) *Printer { return &Printer{lang: l, msgs: c.msgs[l]} }

// Lang returns the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// Has reports whether key has a message in the printer's language.
func (p *Printer) Has(key Key) bool { _, ok := p.msgs[key]; return ok }

// T renders the message key with args. A missing key renders as "!key".
func (p *Printer) T(key Key, args ...any) string {
	m, ok := p.msgs[key]
	if !ok {
		return "!" + string(key)
	}
	return fmt.Sprintf(m, args...)
}
