package i18n

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/text/feature/plural"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// loadCatalog loads the embedded catalog or fails the test.
func loadCatalog(t testing.TB) *Catalog {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return c
}

// rawMessages reads every locale file of the embedded tree, as
// lang -> key -> undecoded message, and the domain of each key.
func rawMessages(t *testing.T) (map[Lang]map[Key]json.RawMessage, map[Key]string) {
	t.Helper()
	msgs := map[Lang]map[Key]json.RawMessage{}
	domains := map[Key]string{}
	err := fs.WalkDir(embedded, "locales", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || path.Ext(p) != ".json" {
			return nil
		}
		l, ok := ParseLang(path.Base(path.Dir(p)))
		if !ok || path.Base(path.Dir(p)) != l.String() {
			return fmt.Errorf("%s: not in a directory named en, fr or ja", p)
		}
		data, err := fs.ReadFile(embedded, p)
		if err != nil {
			return err
		}
		var m map[Key]json.RawMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if msgs[l] == nil {
			msgs[l] = map[Key]json.RawMessage{}
		}
		for k, v := range m {
			msgs[l][k] = v
			domains[k] = strings.TrimSuffix(path.Base(p), ".json")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return msgs, domains
}

// declaredKeys parses the package's keys_*.go files and returns every
// constant of type Key, by constant name.
func declaredKeys(t *testing.T) map[string]Key {
	t.Helper()
	files, err := filepath.Glob("keys_*.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no keys_*.go file")
	}
	out := map[string]Key{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range af.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					lit, typed := keyLiteral(vs.Type, vs.Values[i])
					if !typed {
						continue
					}
					if lit == nil {
						t.Errorf("%s: %s: a Key constant must be a string literal", fset.Position(name.Pos()), name.Name)
						continue
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					out[name.Name] = Key(s)
				}
			}
		}
	}
	return out
}

// keyLiteral reports whether a constant spec declares a Key (`X Key = "..."`
// or `X = Key("...")`) and returns its string literal.
func keyLiteral(typ ast.Expr, val ast.Expr) (*ast.BasicLit, bool) {
	if id, ok := typ.(*ast.Ident); ok && id.Name == "Key" {
		lit, _ := val.(*ast.BasicLit)
		return lit, true
	}
	if call, ok := val.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "Key" {
			lit, _ := call.Args[0].(*ast.BasicLit)
			return lit, true
		}
	}
	return nil, false
}

func TestEveryKeyInEveryLanguage(t *testing.T) {
	c := loadCatalog(t)
	msgs, _ := rawMessages(t)
	all := map[Key]bool{}
	for _, m := range msgs {
		for k := range m {
			all[k] = true
		}
	}
	if len(all) == 0 {
		t.Fatal("no message found under locales/")
	}
	for _, l := range langs() {
		t.Run(l.String(), func(t *testing.T) {
			for k := range all {
				if _, ok := msgs[l][k]; !ok {
					t.Errorf("%s has no message for %s", l, k)
				}
				if !c.Printer(l).Has(k) {
					t.Errorf("catalog printer %s lacks %s", l, k)
				}
			}
			if m := c.Missing(l); len(m) > 0 {
				t.Errorf("Missing(%s) = %v", l, m)
			}
		})
	}
	if got := len(c.Keys()); got != len(all) {
		t.Errorf("Keys() has %d keys, the files %d", got, len(all))
	}
}

func TestDeclaredKeysHaveMessages(t *testing.T) {
	c := loadCatalog(t)
	keys := declaredKeys(t)
	if _, ok := keys["KeyUsage"]; !ok {
		t.Fatal("parsing keys_*.go did not find KeyUsage")
	}
	seen := map[Key]string{}
	for name, k := range keys {
		if other, dup := seen[k]; dup {
			t.Errorf("%s and %s both name %q", name, other, k)
		}
		seen[k] = name
		for _, l := range langs() {
			if !c.Printer(l).Has(k) {
				t.Errorf("%s (%q) has no %s message", name, k, l)
			}
		}
	}
}

func TestDynamicKeysHaveMessages(t *testing.T) {
	c := loadCatalog(t)
	var keys []Key
	for m := 1; m <= 12; m++ {
		keys = append(keys, Key("common.month."+strconv.Itoa(m)))
	}
	for _, l := range langs() {
		keys = append(keys, Key("common.lang."+l.String()))
	}
	for _, l := range langs() {
		for _, k := range keys {
			if !c.Printer(l).Has(k) {
				t.Errorf("%s has no message for %s", l, k)
			}
		}
	}
}

// verbRE matches a formatting verb; the first group is its explicit
// argument index, if any.
var verbRE = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// msgShape is what a message needs from its arguments.
type msgShape struct {
	forms  map[string]string // plural form -> template; "" for a plain string
	plural int               // index of the count, 0 if none
	verbs  map[int]rune      // argument index -> verb
}

// parseShape reads a raw message and checks that its verbs use explicit
// argument indexes.
func parseShape(t *testing.T, raw json.RawMessage) msgShape {
	t.Helper()
	sh := msgShape{forms: map[string]string{}, verbs: map[int]rune{}}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		sh.forms[""] = s
	} else {
		var obj map[string]any
		if err := json.Unmarshal(raw, &obj); err != nil {
			t.Fatalf("message %s: %v", raw, err)
		}
		for k, v := range obj {
			if k == "arg" {
				sh.plural = int(v.(float64))
				continue
			}
			sh.forms[k] = v.(string)
		}
		sh.verbs[sh.plural] = 'd'
	}
	for form, tmpl := range sh.forms {
		for _, m := range verbRE.FindAllStringSubmatch(tmpl, -1) {
			if m[2] == "%" {
				continue
			}
			if m[1] == "" {
				t.Errorf("%q (form %q): verb %s without an explicit argument index", tmpl, form, m[0])
				continue
			}
			i, _ := strconv.Atoi(m[1])
			sh.verbs[i] = rune(m[2][0])
		}
	}
	return sh
}

// argFor returns a representative argument for a verb.
func argFor(i int, verb rune) any {
	switch verb {
	case 'd', 'x', 'X', 'o', 'b', 'c':
		return 12345
	case 'f', 'g', 'e':
		return 3.5
	case 't':
		return true
	}
	return "‹" + strconv.Itoa(i) + "›"
}

// isInt reports whether verb formats an integer.
func isInt(verb rune) bool { return strings.ContainsRune("dxXobc", verb) }

func TestMessagesRender(t *testing.T) {
	c := loadCatalog(t)
	msgs, _ := rawMessages(t)
	for _, k := range c.Keys() {
		t.Run(string(k), func(t *testing.T) {
			shapes := map[Lang]msgShape{}
			for _, l := range langs() {
				raw, ok := msgs[l][k]
				if !ok {
					continue
				}
				shapes[l] = parseShape(t, raw)
			}
			// The languages must agree on what kind each argument is.
			for i := range shapes[EN].verbs {
				for _, l := range []Lang{FR, JA} {
					v, ok := shapes[l].verbs[i]
					if ok && isInt(v) != isInt(shapes[EN].verbs[i]) {
						t.Errorf("argument %d is %%%c in en and %%%c in %s", i, shapes[EN].verbs[i], v, l)
					}
				}
			}
			for l, sh := range shapes {
				for _, out := range render(c.Printer(l), k, sh) {
					if strings.Contains(out.text, "%!") || strings.HasPrefix(out.text, "!") {
						t.Errorf("%s %s: %q", l, out.label, out.text)
					}
				}
			}
		})
	}
}

// rendering is one rendered message and a label of its arguments.
type rendering struct{ label, text string }

// counts are the counts plural messages are shown with.
func counts() []int { return []int{0, 1, 2, 21, 1000} }

// sampleArgs gives the arguments of messages whose generic sample
// arguments would read as nonsense.
func sampleArgs(k Key) []any {
	switch k {
	case KeyDate:
		return []any{18, "‹month›", "2022", 2}
	}
	return nil
}

// render renders key with representative arguments, once per count for
// plural messages.
func render(p *Printer, k Key, sh msgShape) []rendering {
	max := 0
	for i := range sh.verbs {
		if i > max {
			max = i
		}
	}
	args := make([]any, max)
	for i := 1; i <= max; i++ {
		args[i-1] = argFor(i, sh.verbs[i])
	}
	copy(args, sampleArgs(k))
	if sh.plural == 0 {
		return []rendering{{"", p.T(k, args...)}}
	}
	var out []rendering
	for _, n := range counts() {
		args[sh.plural-1] = n
		out = append(out, rendering{fmt.Sprintf("[%%[%d]=%d]", sh.plural, n), p.T(k, args...)})
	}
	return out
}

func TestGolden(t *testing.T) {
	c := loadCatalog(t)
	msgs, domains := rawMessages(t)
	byDomain := map[string][]Key{}
	for _, k := range c.Keys() {
		byDomain[domains[k]] = append(byDomain[domains[k]], k)
	}
	for domain, keys := range byDomain {
		for _, l := range langs() {
			name := filepath.Join("testdata", "golden", l.String(), domain+".txt")
			t.Run(l.String()+"/"+domain, func(t *testing.T) {
				var b strings.Builder
				for _, k := range keys {
					raw, ok := msgs[l][k]
					if !ok {
						fmt.Fprintf(&b, "== %s\n!missing\n", k)
						continue
					}
					for _, r := range render(c.Printer(l), k, parseShape(t, raw)) {
						fmt.Fprintf(&b, "== %s %s\n%s\n", k, r.label, r.text)
					}
				}
				got := strings.ReplaceAll(b.String(), " \n", "\n")
				if *update {
					if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(name, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(name)
				if err != nil {
					t.Fatalf("%v (run go test ./i18n -run TestGolden -update)", err)
				}
				if got != string(want) {
					t.Errorf("%s differs from the rendered messages (run go test ./i18n -run TestGolden -update and review the diff)\n%s", name, firstDiff(string(want), got))
				}
			})
		}
	}
}

// firstDiff describes the first line where want and got differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, wl, gl)
		}
	}
	return ""
}

// integerForms returns the CLDR plural categories l uses for whole numbers.
func integerForms(l Lang) map[string]bool {
	names := map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}
	out := map[string]bool{}
	for _, n := range []int{0, 1, 2, 3, 5, 11, 21, 101, 1000, 1000000} {
		out[names[plural.Cardinal.MatchPlural(l.Tag(), n, 0, 0, 0, 0)]] = true
	}
	return out
}

func TestPluralFormsFitTheLanguage(t *testing.T) {
	msgs, _ := rawMessages(t)
	for _, l := range langs() {
		forms := integerForms(l)
		t.Run(l.String(), func(t *testing.T) {
			for k, raw := range msgs[l] {
				sh := parseShape(t, raw)
				if sh.plural == 0 {
					continue
				}
				for f := range sh.forms {
					if !strings.HasPrefix(f, "=") && !forms[f] {
						t.Errorf("%s: form %q is never chosen in %s (its forms: %v)", k, f, l, sortedSet(forms))
					}
				}
				if forms["one"] && sh.forms["one"] == "" && !hasExact(sh.forms) {
					t.Errorf("%s: %s needs a \"one\" form", k, l)
				}
			}
		})
	}
}

// hasExact reports whether a plural message has an "=N" form.
func hasExact(forms map[string]string) bool {
	for f := range forms {
		if strings.HasPrefix(f, "=") {
			return true
		}
	}
	return false
}

func sortedSet(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestPlurals(t *testing.T) {
	c := loadCatalog(t)
	tests := []struct {
		name string
		lang Lang
		n    int
		want string
	}{
		{"en zero", EN, 0, "0 results"},
		{"en one", EN, 1, "1 result"},
		{"en two", EN, 2, "2 results"},
		{"en thousands grouped", EN, 12345, "12,345 results"},
		{"fr zero takes one", FR, 0, "0 résultat"},
		{"fr one", FR, 1, "1 résultat"},
		{"fr two", FR, 2, "2 résultats"},
		{"fr thousands grouped with nbsp", FR, 12345, "12\u00a0345 résultats"},
		{"ja has one form", JA, 1, "1件"},
		{"ja many", JA, 2, "2件"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Printer(tt.lang).T(KeyCountResults, tt.n); got != tt.want {
				t.Errorf("T(%s, %d) = %q, want %q", KeyCountResults, tt.n, got, tt.want)
			}
		})
	}
}

func TestMissingKeyRendersBang(t *testing.T) {
	c := loadCatalog(t)
	for _, l := range langs() {
		p := c.Printer(l)
		if p.Has("common.no.such.key") {
			t.Errorf("%s: Has(common.no.such.key) = true", l)
		}
		if got := p.T("common.no.such.key", 1); got != "!common.no.such.key" {
			t.Errorf("%s: T(missing) = %q", l, got)
		}
	}
}

func TestPrinterLang(t *testing.T) {
	c := loadCatalog(t)
	tests := []struct {
		name string
		in   Lang
		want Lang
	}{
		{"en", EN, EN},
		{"fr", FR, FR},
		{"ja", JA, JA},
		{"out of range falls back to en", Lang(7), EN},
		{"negative falls back to en", Lang(-1), EN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Printer(tt.in).Lang(); got != tt.want {
				t.Errorf("Printer(%d).Lang() = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestLoadFS(t *testing.T) {
	ok := func(m fstest.MapFS) fstest.MapFS {
		base := fstest.MapFS{
			"en/common.json": {Data: []byte(`{"common.hi": "Hi %[1]s!"}`)},
			"fr/common.json": {Data: []byte(`{"common.hi": "Salut %[1]s!"}`)},
			"ja/common.json": {Data: []byte(`{"common.hi": "こんにちは、%[1]s！"}`)},
		}
		for k, v := range m {
			base[k] = v
		}
		return base
	}
	tests := []struct {
		name    string
		fsys    fstest.MapFS
		wantErr string // empty: loads
	}{
		{"valid", ok(nil), ""},
		{"other languages ignored", ok(fstest.MapFS{"de/common.json": {Data: []byte(`{"common.hi": "Hallo"}`)}}), ""},
		{"empty tree", fstest.MapFS{}, ""},
		{"not json", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": `)}}), "en/common.json"},
		{"array", ok(fstest.MapFS{"en/common.json": {Data: []byte(`["common.hi"]`)}}), "JSON object"},
		{"trailing data", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": "x"} {}`)}}), "after the object"},
		{"wrong domain", ok(fstest.MapFS{"en/engine.json": {Data: []byte(`{"common.x": "x"}`)}}), `does not start with "engine."`},
		{"duplicate in a file", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": "a", "common.hi": "b"}`)}}), "defined twice"},
		{"number message", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": 3}`)}}), "string or a plural object"},
		{"plural without arg", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": {"other": "x"}}`)}}), `without "arg"`},
		{"plural arg zero", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": {"arg": 0, "other": "x"}}`)}}), "argument index"},
		{"plural without other", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": {"arg": 1, "one": "x"}}`)}}), `without "other"`},
		{"plural unknown form", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": {"arg": 1, "single": "x", "other": "y"}}`)}}), `unknown plural form "single"`},
		{"plural bad exact", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": {"arg": 1, "=01": "x", "other": "y"}}`)}}), `unknown plural form "=01"`},
		{"plural form not a string", ok(fstest.MapFS{"en/common.json": {Data: []byte(`{"common.hi": {"arg": 1, "other": 2}}`)}}), "must be a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := LoadFS(tt.fsys)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("LoadFS: %v", err)
				}
				if c == nil || c.Printer(FR) == nil {
					t.Fatal("LoadFS returned no catalog")
				}
				return
			}
			if err == nil {
				t.Fatalf("LoadFS succeeded, want an error containing %q", tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("LoadFS error %q does not contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestLoadFSRendersAndTypesets(t *testing.T) {
	fsys := fstest.MapFS{
		"en/common.json": {Data: []byte(`{"common.hi": "Hi %[1]s!", "common.n": {"arg": 1, "=0": "none", "one": "one item", "other": "%[1]d items"}}`)},
		"fr/common.json": {Data: []byte(`{"common.hi": "Salut %[1]s!", "common.n": {"arg": 1, "=0": "aucun", "one": "%[1]d élément", "other": "%[1]d éléments"}}`)},
		"ja/common.json": {Data: []byte(`{"common.hi": "こんにちは、%[1]s！", "common.n": {"arg": 1, "=0": "なし", "other": "%[1]d件"}}`)},
	}
	c, err := LoadFS(fsys)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		lang Lang
		key  Key
		args []any
		want string
	}{
		{"en template", EN, "common.hi", []any{"Bob!?"}, "Hi Bob!?!"},
		{"fr template gets nnbsp, argument untouched", FR, "common.hi", []any{"Bob!?"}, "Salut Bob!?\u202f!"},
		{"ja template", JA, "common.hi", []any{"太郎"}, "こんにちは、太郎！"},
		{"exact form before category", EN, "common.n", []any{0}, "none"},
		{"en one", EN, "common.n", []any{1}, "one item"},
		{"en other", EN, "common.n", []any{3}, "3 items"},
		{"fr exact zero", FR, "common.n", []any{0}, "aucun"},
		{"fr one", FR, "common.n", []any{1}, "1 élément"},
		{"ja other", JA, "common.n", []any{1}, "1件"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Printer(tt.lang).T(tt.key, tt.args...); got != tt.want {
				t.Errorf("T(%s, %v) = %q, want %q", tt.key, tt.args, got, tt.want)
			}
		})
	}
	if got, want := c.Keys(), []Key{"common.hi", "common.n"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Keys() = %v, want %v", got, want)
	}
}

func TestPrintersConcurrent(t *testing.T) {
	c := loadCatalog(t)
	want := map[Lang]string{}
	for _, l := range langs() {
		want[l] = c.Printer(l).T(KeyErrUnknownCardSuggest, "Teferi", c.Printer(l).ListOr([]string{"A", "B"})) + c.Printer(l).T(KeyCountResults, 3)
	}
	errs := make(chan string, 8)
	done := make(chan struct{})
	for g := 0; g < 8; g++ {
		go func(g int) {
			defer func() { done <- struct{}{} }()
			for i := 0; i < 200; i++ {
				l := langs()[(g+i)%3]
				p := c.Printer(c.Match(l.String()))
				got := p.T(KeyErrUnknownCardSuggest, "Teferi", p.ListOr([]string{"A", "B"})) + p.T(KeyCountResults, 3)
				if got != want[l] {
					errs <- fmt.Sprintf("%s: %q, want %q", l, got, want[l])
					return
				}
			}
		}(g)
	}
	for g := 0; g < 8; g++ {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestBadArgumentsShowNotPanic(t *testing.T) {
	c := loadCatalog(t)
	p := c.Printer(FR)
	tests := []struct {
		name string
		key  Key
		args []any
	}{
		{"plural without count", KeyCountResults, nil},
		{"plural with a string", KeyCountResults, []any{"x"}},
		{"plural with a float", KeyCountResults, []any{2.5}},
		{"string message without argument", KeyErrUnknownCard, nil},
		{"nil arguments", KeyDate, []any{nil, nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := p.T(tt.key, tt.args...); !strings.Contains(got, "%!") {
				t.Errorf("T(%s, %v) = %q, want a visible %%! marker", tt.key, tt.args, got)
			}
		})
	}
}
