package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// TestPackageDocs keeps one package comment per package, in its doc.go
// (a package of a single file, such as data, keeps it in that file), so
// that no other file's comment is taken for the package's.
func TestPackageDocs(t *testing.T) {
	t.Parallel()
	for _, p := range modulePackages(t) {
		t.Run(p.ImportPath, func(t *testing.T) {
			var with []string
			for _, f := range p.GoFiles {
				af, err := parser.ParseFile(token.NewFileSet(), filepath.Join(p.Dir, f), nil, parser.PackageClauseOnly|parser.ParseComments)
				if err != nil {
					t.Fatal(err)
				}
				if af.Doc != nil {
					with = append(with, f)
				}
			}
			want := "doc.go"
			if len(p.GoFiles) == 1 {
				want = p.GoFiles[0]
			}
			if len(with) != 1 || with[0] != want {
				t.Errorf("package comments in %q, want one, in %s", with, want)
			}
		})
	}
}
