package evalset

import (
	"path/filepath"
	"testing"
)

func TestOrdinaryLists(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "fr", "ja"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			list, err := LoadOrdinary(filepath.Join("..", "..", "testdata", "eval", "ordinary", lang+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != 200 {
				t.Errorf("%d entries, want 200", len(list))
			}
			words := map[string]bool{}
			for _, o := range list {
				if err := o.Check(lang); err != nil {
					t.Error(err)
				}
				if words[foldWord(o.Word)] {
					t.Errorf("%q is listed twice", o.Word)
				}
				words[foldWord(o.Word)] = true
			}
		})
	}
}

func TestOrdinaryCheck(t *testing.T) {
	t.Parallel()
	ok := Ordinary{Word: "début", Card: "Start // Finish", OracleID: "x", Name: "Début", Whole: true, Q: "Combien de cartes on pioche au début de la partie ?"}
	if err := ok.Check("fr"); err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(*Ordinary){
		"word missing from q": func(o *Ordinary) { o.Q = "Combien de cartes on pioche au debut de la partie ?" },
		"name without word":   func(o *Ordinary) { o.Name = "Fin" },
		"not whole":           func(o *Ordinary) { o.Name = "Début du dénouement" },
		"question in english": func(o *Ordinary) { o.Q = "how many cards do we draw at the début of the game?" },
		"no oracle id":        func(o *Ordinary) { o.OracleID = "" },
	} {
		o := ok
		edit(&o)
		if o.Check("fr") == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
