package kb

import (
	"io/fs"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/ikawaha/kagome/v2/tokenizer"

	"arbiter/data"
)

// TestJapaneseCache writes the cache file of the IPA dictionary, reads it
// back and tokenizes the Japanese texts of the embedded corpus with both:
// the morphemes, their parts of speech and base forms are the same.
func TestJapaneseCache(t *testing.T) {
	t.Parallel()
	ipaDict := loadIPA()
	file := filepath.Join(t.TempDir(), "ja.dict")
	if err := writeJACache(file, ipaDict); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	cached, err := readJACache(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("read the cache in %v", time.Since(t0))
	texts := []string{"フェイズ・アウトしたトークンはどうなる?", "接死ってどういう能力？", "統率者が墓地に置かれたら統率領域に戻せる？",
		"三戦の才でコントロールを得たモンスターはいつ戻る？", "ｶﾀｶﾅとＡＢＣ１２３、未知語のグワッシャーン！"}
	files, _ := fs.Glob(data.FS(), "corpus/*.yaml")
	for _, f := range files {
		b, err := fs.ReadFile(data.FS(), f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	words := func(jd *jaDict, text string) []string {
		tk, err := tokenizer.New(jd.dict, tokenizer.OmitBosEos())
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tok := range tk.Analyze(text, tokenizer.Search) {
			base := ""
			if tok.Class == tokenizer.KNOWN {
				base, _ = jd.base(int32(tok.ID))
			} else {
				base, _ = tok.BaseForm()
			}
			out = append(out, tok.Surface+"/"+base+"/"+fmtPOS(tok.POS()))
		}
		return out
	}
	for i, text := range texts {
		a, b := words(ipaDict, text), words(cached, text)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("text %d: the cached dictionary tokenizes it otherwise", i)
		}
		if i == 0 && len(a) < 4 {
			t.Errorf("too few morphemes: %v", a)
		}
	}
	if _, err := readJACache(filepath.Join(t.TempDir(), "none.dict")); err == nil {
		t.Error("a missing cache file reads")
	}
}

func fmtPOS(pos []string) string {
	s := ""
	for _, p := range pos {
		s += p + ","
	}
	return s
}
