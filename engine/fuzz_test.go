package engine

import "testing"

// FuzzParseScenario feeds arbitrary documents to the parser, and runs those
// that parse: neither may panic, and a failure must be an *Error.
func FuzzParseScenario(f *testing.F) {
	f.Add([]byte("game: mtg\nplayers: [Alice, Bob]\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		sc, err := ParseScenario(src)
		if err != nil {
			if _, ok := AsError(err); !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		if len(sc.Actions) > 200 {
			return
		}
		if _, err := Run(sc); err != nil {
			if _, ok := AsError(err); !ok {
				t.Fatalf("run error %v has no *Error", err)
			}
		}
	})
}
