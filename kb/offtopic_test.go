package kb

import (
	"context"
	"testing"
)

func TestOffTopicCues(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"how much is it worth?", true},
		{"is this a trustworthy source?", false},
		{"une aura, ça vaut combien ?", true},
		{"Galvanoth me fait lancer un sort avec X, X vaut combien ?", false}, // the value of X
		{"what are the prices now?", true},                                   // price*: the start of a word
		{"which is better in edh?", true},                                    // an opinion
		{"Brouillard ou Moment de paix, lequel est meilleur en EDH ?", true},
		{"統率者戦なら濃霧と一瞬の平和どっちがいい？", true},
		{"同時に誘発したらどっちが先？", false},              // which goes first: a rules question
		{"does the lore counter stay?", false}, // lore of a Saga
		{"who is the strongest planeswalker in the lore?", true},
		{"l'émeute aux infos hier, c'était où ?", true},
		{"yesterday my opponent flashed in a blocker, was that legal?", false}, // a rules question told as a story
		{"明日の大会で使うけど、稲妻はプレインズウォーカーを対象にできる？", false},
		{"when is fog getting reprinted?", true},
		{"can i respond at the end of the turn?", false},
		{"is atraxa tier 1 in cedh?", true},
		{"tiers of the damage", false},
		{"who illustrated the original serra angel?", true},
		{"セラの天使のイラストレーターは誰？", true},
		{"how many copies of lightning bolt were printed in alpha?", true},
		{"what's the best sleeve brand for double sleeving?", true},
		{"à quelle heure commence l'avant-première ?", true},
		{"à quel moment le sort se résout ?", false}, // when, in the game
		{"プレリリースは何時から始まる？", true},
		{"何時に誘発する？", false},
		{"où trouver un tournoi près de chez moi ?", true},
	} {
		if got := holds(tc.text, offTopicCues); got != tc.want {
			t.Errorf("holds(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"in poker does a flush beat a straight?", true},
		{"in uno can you stack a +2 on a +2?", true},
		{"how does advantage work in d&d?", true},
		{"can a unicorn block?", false}, // "uno" is a whole word
	} {
		if got := holds(tc.text, otherGames); got != tc.want {
			t.Errorf("holds(%q, otherGames) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestAnswerableNotOffTopic checks that no question of the evaluation sets
// read while tuning that has an answer is taken for one no rules text
// answers (a price, an opinion, the news...).
func TestAnswerableNotOffTopic(t *testing.T) {
	ix := fullIndex(t)
	for _, f := range fullEvalFiles {
		if privateEval(f) {
			continue
		}
		for _, q := range loadFullEval(t, f) {
			if len(q.Expect) == 0 {
				continue
			}
			pr, err := ix.prepare(context.Background(), Query{Text: q.Q, Lang: q.Lang})
			if err != nil {
				t.Fatalf("%s: %q: %v", f, q.Q, err)
			}
			if pr.offTopic && pr.res.Unknown == "" {
				t.Errorf("%s: %q is answerable, taken for off-topic", f, q.Q)
			}
		}
	}
}
