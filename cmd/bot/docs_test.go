package main

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/artifact"
	"arbiter/cmd/bot/internal/render"
	"arbiter/cmd/bot/internal/report"
	"arbiter/cmd/bot/internal/testutil"
	"arbiter/engine"
	"arbiter/engine/cardlang"
	"arbiter/kb"
)

// The contracts users rely on are in docs/: these tests keep them true to
// the code, so that neither can change without the other.

// readDoc reads a file of docs/.
func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "docs", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docSection is the text of docs/cli.md under the heading that names a
// command ("### `bot kb build`"), up to the next heading.
func docSections(doc string) map[string]string {
	out := map[string]string{}
	head := regexp.MustCompile("^#+ `bot ([a-z ]+)`")
	cur := ""
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "#") {
			cur = ""
			if m := head.FindStringSubmatch(line); m != nil {
				cur = m[1]
			}
			continue
		}
		if cur != "" {
			out[cur] += line + "\n"
		}
	}
	return out
}

// commonSection is the part of docs/cli.md that documents the flags most
// commands take.
func commonSection(t *testing.T, doc string) string {
	t.Helper()
	_, rest, ok := strings.Cut(doc, "\n## Common flags")
	if !ok {
		t.Fatal("docs/cli.md has no \"## Common flags\" section")
	}
	common, _, _ := strings.Cut(rest, "\n## ")
	return common
}

// documentedFlags are the flags a section documents: those a list line
// starts with, before its colon ("- `--k N`: ...", "- `--quiet`,
// `--keep N`: ...").
func documentedFlags(section string) []string {
	var out []string
	flag := regexp.MustCompile("`--([a-z0-9-]+)")
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "- `--") {
			continue
		}
		head, _, _ := strings.Cut(line, "`: ")
		for _, m := range flag.FindAllStringSubmatch(head, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// TestDocsCLI checks docs/cli.md against the command line: every command
// and sub-command has its section, every flag it takes is documented
// there (or, for --lang, --index and --json, under "Common flags"; for
// bot serve, in deploy/README.md, as TestDeployDocs checks), and every
// flag a section documents exists.
func TestDocsCLI(t *testing.T) {
	t.Parallel()
	doc := readDoc(t, "cli.md")
	sections := docSections(doc)
	common := documentedFlags(commonSection(t, doc))
	for _, verb := range verbs() {
		_, help, _ := runCLI(t, append(strings.Fields(verb), "-h")...)
		flags := helpFlags(help)
		section, ok := sections[verb]
		if !ok {
			t.Errorf("docs/cli.md has no section \"### `bot %s`\"", verb)
			continue
		}
		if verb == "serve" {
			if !strings.Contains(section, "deploy/README.md") {
				t.Errorf("the section of bot serve does not point to deploy/README.md for its flags")
			}
			continue
		}
		documented := documentedFlags(section)
		for _, f := range flags {
			if !slices.Contains(documented, f) && !slices.Contains(common, f) {
				t.Errorf("bot %s --%s is not documented in docs/cli.md", verb, f)
			}
		}
		for _, f := range documented {
			if !slices.Contains(flags, f) {
				t.Errorf("docs/cli.md documents bot %s --%s, which does not exist", verb, f)
			}
		}
	}
	for verb := range sections {
		if !slices.Contains(verbs(), verb) {
			t.Errorf("docs/cli.md documents bot %s, which does not exist", verb)
		}
	}
}

// jsonTypes are the JSON objects docs/cli.md documents, by the name its
// tables give them ("<!-- json: Citation -->" before the table).
func jsonTypes() map[string]reflect.Type {
	return map[string]reflect.Type{
		"Answer":           reflect.TypeFor[render.Answer](),
		"Citation":         reflect.TypeFor[render.Citation](),
		"RuleChange":       reflect.TypeFor[kb.RuleChangeSince](),
		"WordOp":           reflect.TypeFor[kb.WordOp](),
		"RuleAnswer":       reflect.TypeFor[render.RuleAnswer](),
		"CardAnswer":       reflect.TypeFor[render.CardAnswer](),
		"Simulation":       reflect.TypeFor[render.Simulation](),
		"SimEvent":         reflect.TypeFor[render.SimEvent](),
		"SimExpectation":   reflect.TypeFor[render.SimExpectation](),
		"Scenarios":        reflect.TypeFor[scenariosJSON](),
		"Scenario":         reflect.TypeFor[scenarioJSON](),
		"Build":            reflect.TypeFor[buildJSON](),
		"Default":          reflect.TypeFor[defaultJSON](),
		"Update":           reflect.TypeFor[updateJSON](),
		"Promote":          reflect.TypeFor[promoteJSON](),
		"Manifest":         reflect.TypeFor[artifact.Manifest](),
		"Fetch":            reflect.TypeFor[fetchJSON](),
		"CRDiff":           reflect.TypeFor[kb.CRDiff](),
		"RuleText":         reflect.TypeFor[kb.RuleText](),
		"RuleEdit":         reflect.TypeFor[kb.RuleChange](),
		"RuleMove":         reflect.TypeFor[kb.RuleMove](),
		"GlossaryDiff":     reflect.TypeFor[kb.GlossaryDiff](),
		"GlossaryEdit":     reflect.TypeFor[kb.GlossaryEdit](),
		"Coverage":         reflect.TypeFor[cardlang.Coverage](),
		"CoverageReason":   reflect.TypeFor[cardlang.ReasonCount](),
		"CoverageSentence": reflect.TypeFor[cardlang.SentenceCount](),
		"CoverageLack":     reflect.TypeFor[cardlang.LackCount](),
		"Report":           reflect.TypeFor[report.Report](),
		"ReportCitation":   reflect.TypeFor[report.Citation](),
		"Comment":          reflect.TypeFor[report.Comment](),
		"Decision":         reflect.TypeFor[report.Decision](),
	}
}

// jsonFields are the names a struct has in JSON, its embedded structs'
// included.
func jsonFields(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported() && !f.Anonymous:
			continue
		case f.Anonymous && name == "":
			out = append(out, jsonFields(f.Type)...)
			continue
		case name == "":
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}

// TestDocsJSON checks the tables of docs/cli.md that document the JSON
// the commands print: each lists every field of its object, and no other.
func TestDocsJSON(t *testing.T) {
	t.Parallel()
	doc := readDoc(t, "cli.md")
	types := jsonTypes()
	seen := map[string]bool{}
	marker := regexp.MustCompile(`<!-- json: ([A-Za-z]+) -->`)
	row := regexp.MustCompile("^\\| `([a-z_]+)`")
	lines := strings.Split(doc, "\n")
	for i, line := range lines {
		m := marker.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		typ, ok := types[m[1]]
		if !ok {
			t.Errorf("docs/cli.md documents JSON object %s, which the test does not know", m[1])
			continue
		}
		seen[m[1]] = true
		var documented []string
		for _, l := range lines[i+1:] {
			if strings.TrimSpace(l) == "" && len(documented) > 0 {
				break
			}
			if r := row.FindStringSubmatch(l); r != nil {
				documented = append(documented, r[1])
			}
		}
		fields := jsonFields(typ)
		for _, f := range fields {
			if !slices.Contains(documented, f) {
				t.Errorf("the table of %s does not document field %q", m[1], f)
			}
		}
		for _, f := range documented {
			if !slices.Contains(fields, f) {
				t.Errorf("the table of %s documents field %q, which %s does not have", m[1], f, typ)
			}
		}
	}
	for name := range types {
		if !seen[name] {
			t.Errorf("docs/cli.md has no table of %s (<!-- json: %s -->)", name, name)
		}
	}
}

// TestDocsLinked: the README points to the contracts in docs/, not to
// files outside the repository.
func TestDocsLinked(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"docs/cli.md", "docs/scenario-format.md"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("README.md does not link %s", want)
		}
	}
	if bytes.Contains(b, []byte("shared/spec")) {
		t.Error("README.md still points to ../shared/spec")
	}
}

// scenarioWords are the keys and values of the scenario format, read from
// the engine's parser: the keys each mapping allows (asMap's arguments),
// the lists of keys and values the parser checks against, the actions,
// the event kinds and the keywords.
func scenarioWords(t *testing.T) (keys, values []string) {
	t.Helper()
	dir := filepath.Join(testutil.RepoRoot(t), "engine")
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	keyFuncs := map[string]bool{"permanentKeys": true, "effectKeys": true, "spellKeys": true, "eventMatchKeys": true, "expectKinds": true}
	valueFuncs := map[string]bool{"cardTypes": true, "supertypes": true, "effectKinds": true, "durations": true, "zones": true,
		"staticKinds": true, "affectsKind": true, "triggerKind": true, "stepNames": true, "phaseNames": true}
	fset := token.NewFileSet()
	strs := func(n ast.Node) []string {
		var out []string
		ast.Inspect(n, func(n ast.Node) bool {
			if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING {
				if s, err := strconv.Unquote(b.Value); err == nil {
					out = append(out, s)
				}
			}
			return true
		})
		return out
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "asMap" && len(x.Args) > 2 {
					for _, a := range x.Args[2:] {
						keys = append(keys, strs(a)...)
					}
				}
			case *ast.FuncDecl:
				if keyFuncs[x.Name.Name] {
					keys = append(keys, strs(x.Body)...)
				}
				if valueFuncs[x.Name.Name] {
					values = append(values, strs(x.Body)...)
				}
			}
			return true
		})
	}
	for _, k := range engine.ActionKinds() {
		keys = append(keys, string(k))
	}
	keys = append(keys, engine.OpKinds()...)
	for _, k := range engine.EventKinds() {
		values = append(values, string(k))
	}
	values = append(values, engine.Keywords()...)
	values = append(values, engine.Colors()...)
	if len(keys) < 100 || len(values) < 100 {
		t.Fatalf("read %d keys and %d values from the engine: the parser changed shape", len(keys), len(values))
	}
	return keys, values
}

// TestDocsScenarioFormat checks docs/scenario-format.md against the
// engine: every key the parser accepts is documented as a key, every value
// it checks and every event kind is named.
func TestDocsScenarioFormat(t *testing.T) {
	t.Parallel()
	doc := readDoc(t, "scenario-format.md")
	keys, values := scenarioWords(t)
	slices.Sort(keys)
	for _, k := range slices.Compact(keys) {
		if !regexp.MustCompile("(^|[\\s{\\[,`-])" + regexp.QuoteMeta(k) + `:`).MatchString(doc) {
			t.Errorf("docs/scenario-format.md does not document the key %s:", k)
		}
	}
	for _, v := range values {
		if !regexp.MustCompile(`(^|[^a-z_])` + regexp.QuoteMeta(v) + `([^a-z_]|$)`).MatchString(doc) {
			t.Errorf("docs/scenario-format.md does not name %s", v)
		}
	}
}

// TestDocsScenarioExamples runs the complete examples of
// docs/scenario-format.md (the ```yaml blocks after "<!-- example -->"):
// each is a valid scenario whose expectations hold.
func TestDocsScenarioExamples(t *testing.T) {
	t.Parallel()
	doc := readDoc(t, "scenario-format.md")
	blocks := regexp.MustCompile("(?s)<!-- example -->\\s*```yaml\\n(.*?)```").FindAllStringSubmatch(doc, -1)
	if len(blocks) < 3 {
		t.Fatalf("%d examples in docs/scenario-format.md, want at least 3", len(blocks))
	}
	dir := t.TempDir()
	for i, b := range blocks {
		file := filepath.Join(dir, "example-"+strconv.Itoa(i+1)+".yaml")
		if err := os.WriteFile(file, []byte(b[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := runArgs(context.Background(), []string{"simulate", "--json", file}, func(string) string { return "" }, strings.NewReader(""), &out, &errb)
		if code != 0 {
			t.Errorf("example %d: exit %d\n%s%s\n%s", i+1, code, errb.String(), out.String(), b[1])
		}
	}
}
