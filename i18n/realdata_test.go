package i18n

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// sharedData returns the path of a file of the shared official data, which
// sits in ../shared/data next to the repository root; it skips the test
// when the data is absent.
func sharedData(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the package directory")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", "data", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	return p
}

// eachLine calls fn on every line of a file.
func eachLine(t *testing.T, path string, fn func(line []byte)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		fn(sc.Bytes())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestDetectOnCardTexts runs Detect on the printed English, French and
// Japanese texts of real cards and requires it to be right on nearly all.
func TestDetectOnCardTexts(t *testing.T) {
	path := sharedData(t, "mtg/cards/cards-multilang-mtgjson-20220425.jsonl")
	type printed struct {
		Text string `json:"text"`
	}
	var card struct {
		OracleText string   `json:"oracle_text"`
		FR         *printed `json:"fr"`
		JA         *printed `json:"ja"`
	}
	total := map[Lang]int{}
	right := map[Lang]int{}
	var wrongFR []string
	check := func(want Lang, text string) {
		if len(text) < 20 {
			return
		}
		total[want]++
		if got := Detect(text); got == want {
			right[want]++
		} else if want == FR && len(wrongFR) < 5 {
			wrongFR = append(wrongFR, text)
		}
	}
	eachLine(t, path, func(line []byte) {
		card.OracleText, card.FR, card.JA = "", nil, nil
		if err := json.Unmarshal(line, &card); err != nil {
			t.Fatal(err)
		}
		check(EN, card.OracleText)
		if card.FR != nil {
			check(FR, card.FR.Text)
		}
		if card.JA != nil {
			check(JA, card.JA.Text)
		}
	})
	for _, tt := range []struct {
		lang Lang
		min  float64
	}{{EN, 0.999}, {FR, 0.995}, {JA, 0.999}} {
		t.Run(tt.lang.String(), func(t *testing.T) {
			if total[tt.lang] < 1000 {
				t.Fatalf("only %d %s texts read", total[tt.lang], tt.lang)
			}
			rate := float64(right[tt.lang]) / float64(total[tt.lang])
			t.Logf("%s: %d/%d card texts detected (%.2f%%)", tt.lang, right[tt.lang], total[tt.lang], 100*rate)
			if rate < tt.min {
				t.Errorf("%s detection %.4f below %.4f; first French misses: %q", tt.lang, rate, tt.min, wrongFR)
			}
		})
	}
}

// TestDetectOnRulings runs Detect on real English rulings.
func TestDetectOnRulings(t *testing.T) {
	path := sharedData(t, "mtg/rulings/rulings-mtgjson-20220425.jsonl")
	var r struct {
		Comment string `json:"comment"`
	}
	total, right := 0, 0
	var misses []string
	eachLine(t, path, func(line []byte) {
		r.Comment = ""
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		total++
		if Detect(r.Comment) == EN {
			right++
		} else if len(misses) < 5 {
			misses = append(misses, r.Comment)
		}
	})
	rate := float64(right) / float64(total)
	t.Logf("%d/%d rulings detected as English (%.2f%%)", right, total, 100*rate)
	if total < 1000 || rate < 0.995 {
		t.Errorf("English rulings: %d/%d detected; misses: %q", right, total, misses)
	}
}

// TestKeysOnCardNames checks NormalizeKey and FoldAccents on every real
// English, French and Japanese card name: both are idempotent, FoldAccents
// leaves no Latin diacritic and changes no Japanese name, and CardName
// shows the localized name with the English one.
func TestKeysOnCardNames(t *testing.T) {
	path := sharedData(t, "mtg/cards/names-en-fr-ja-mtgjson-20220425.tsv")
	c := loadCatalog(t)
	rows := 0
	header := true
	eachLine(t, path, func(line []byte) {
		if header {
			header = false
			return
		}
		cols := strings.Split(string(line), "\t")
		if len(cols) < 6 {
			t.Fatalf("bad row %q", line)
		}
		rows++
		en := cols[2]
		fr, _, _ := strings.Cut(cols[4], " | ")
		ja, _, _ := strings.Cut(cols[5], " | ")
		for _, name := range []string{en, fr, ja} {
			if name == "" {
				continue
			}
			k := NormalizeKey(name)
			if NormalizeKey(k) != k {
				t.Errorf("NormalizeKey not idempotent on %q", name)
			}
			f := FoldAccents(name)
			if FoldAccents(f) != f {
				t.Errorf("FoldAccents not idempotent on %q", name)
			}
			for _, r := range f {
				if r > 0x7F && r < 0x250 && unicode.IsLetter(r) && r != 'ø' && r != 'Ø' && r != 'ß' && r != 'đ' && r != 'ł' && r != 'ı' {
					t.Errorf("FoldAccents(%q) = %q keeps %q", name, f, r)
					break
				}
			}
		}
		if Detect(ja) == JA && FoldAccents(ja) != ja {
			t.Errorf("FoldAccents changed the Japanese name %q to %q", ja, FoldAccents(ja))
		}
		if fr != "" && fr != en {
			if got, want := CardName(c.Printer(FR), en, fr), fr+" ("+en+")"; got != want {
				t.Errorf("CardName(fr, %q, %q) = %q, want %q", en, fr, got, want)
			}
		}
		if en == "Teferi's Protection" {
			if got := CardName(c.Printer(FR), en, fr); got != "Protection de Téfeiri (Teferi's Protection)" {
				t.Errorf("CardName = %q", got)
			}
			if got := FoldAccents(NormalizeKey(fr)); got != "protection de tefeiri" {
				t.Errorf("folded key of %q = %q", fr, got)
			}
		}
	})
	if rows < 20000 {
		t.Errorf("read %d rows", rows)
	}
}

// TestDateOnRulingDates formats every real ruling date in every language.
func TestDateOnRulingDates(t *testing.T) {
	path := sharedData(t, "mtg/rulings/rulings-mtgjson-20220425.jsonl")
	c := loadCatalog(t)
	var r struct {
		PublishedAt string `json:"published_at"`
	}
	seen := map[string]bool{}
	eachLine(t, path, func(line []byte) {
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		if seen[r.PublishedAt] {
			return
		}
		seen[r.PublishedAt] = true
		year := r.PublishedAt[:4]
		for _, l := range langs() {
			got := c.Printer(l).Date(r.PublishedAt)
			if got == r.PublishedAt || !strings.Contains(got, year) || strings.Contains(got, "!") || strings.Contains(got, "%") {
				t.Errorf("%s Date(%q) = %q", l, r.PublishedAt, got)
			}
		}
	})
	if len(seen) < 50 {
		t.Errorf("only %d distinct dates", len(seen))
	}
}
