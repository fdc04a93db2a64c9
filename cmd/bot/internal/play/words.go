package play

import (
	"regexp"
	"strings"
	"unicode"

	"arbiter/i18n"
	"arbiter/kb"
)

// The words a question's board is guessed from, by language, folded as
// fold folds them (lower case, no accents, apostrophes dropped, other
// punctuation a space; Japanese as written, without "・"). A word list
// entry matches whole words; a Japanese one, any part of the text.

// cues are the words that tell something of the board.
type cues struct {
	mine, theirs []string // possessives before a name: the asker's, the opponent's
	// iCast, theyCast: subjects before a spell's name, who casts it.
	iCast, theyCast []string
	after           []string // words just after a name that make it the opponent's ("créature adverse")
	block           []string
	attack          []string
	theyAttack      []string // the opponent attacks the asker
	untap           []string
	upkeep          []string
	end             []string
	draw            []string
	myTurn          []string
	theirTurn       []string
	cast            []string // casting a card: a permanent card named with it goes in hand
	creature        []string // a creature named without a card
	token           []string
	phasedOut       []string // a creature that is phased out already
	equipment       []string // an Equipment named without a card
	plusCounters    []string // +1/+1 counters on a creature named without a card
}

// cuesOf are the cues of lang.
func cuesOf(lang i18n.Lang) cues {
	switch lang {
	case i18n.FR:
		return cues{
			mine:         []string{"mon", "ma", "mes", "ton", "ta", "tes", "votre", "vos", "notre", "nos"},
			theirs:       []string{"adversaire", "ladversaire", "dadversaire", "adversaires", "adverse", "adverses"},
			iCast:        []string{"je", "jai", "on", "peut on", "tu", "vous"},
			theyCast:     []string{"adversaire", "ladversaire", "il", "elle", "ils"},
			after:        []string{"adverse", "adverses", "ladversaire", "dadversaire"},
			block:        []string{"bloque", "bloquer", "bloquee", "bloquees", "bloques", "bloqueur", "bloqueurs", "bloquant", "blocage"},
			attack:       []string{"attaque", "attaquer", "attaquant", "attaquants", "attaquent", "attaques", "combat", "jattaque"},
			theyAttack:   []string{"mattaque", "mattaquer", "mattaquent", "adversaire attaque", "adverse attaque", "adversaire peut attaquer", "adversaire peut il attaquer", "adversaire peut encore mattaquer", "attaque adverse", "attaquants adverses"},
			untap:        []string{"degagement", "degager", "degage"},
			upkeep:       []string{"entretien"},
			end:          []string{"etape de fin", "fin de tour", "fin du tour"},
			draw:         []string{"etape de pioche"},
			myTurn:       []string{"mon tour", "a mon tour"},
			theirTurn:    []string{"tour adverse", "tour de ladversaire", "tour de mon adversaire", "son tour"},
			cast:         []string{"lance", "lancer", "lancee", "lances", "lancent", "jouer", "joue"},
			creature:     []string{"creature", "creatures"},
			token:        []string{"jeton", "jetons"},
			equipment:    []string{"equipement", "equipements"},
			plusCounters: []string{"marqueur +1/+1", "marqueurs +1/+1", "compteur +1/+1", "compteurs +1/+1"},
			phasedOut:    []string{"creature hors phase", "creatures hors phase", "jeton hors phase", "jetons hors phase", "est hors phase", "sont hors phase", "deja hors phase"},
		}
	case i18n.JA:
		return cues{
			mine:         []string{"自分の", "私の", "僕の", "俺の", "自軍の"},
			theirs:       []string{"相手の", "対戦相手の", "敵の"},
			iCast:        []string{"自分が", "私が", "僕が", "俺が"},
			theyCast:     []string{"相手が", "対戦相手が"},
			block:        []string{"ブロック"},
			attack:       []string{"攻撃", "戦闘", "アタック"},
			theyAttack:   []string{"相手が攻撃", "相手の攻撃", "相手は攻撃", "攻撃された", "攻撃してくる", "攻撃できる"},
			untap:        []string{"アンタップステップ", "アンタップ"},
			upkeep:       []string{"アップキープ"},
			end:          []string{"終了ステップ", "ターン終了", "エンドステップ"},
			draw:         []string{"ドローステップ"},
			myTurn:       []string{"自分のターン"},
			theirTurn:    []string{"相手のターン"},
			cast:         []string{"唱え", "唱える", "唱えた"},
			creature:     []string{"クリーチャー"},
			token:        []string{"トークン"},
			equipment:    []string{"装備品"},
			plusCounters: []string{"+1/+1カウンター"},
			phasedOut:    []string{"フェイズアウトした", "フェイズアウトしている", "フェイズアウト中"},
		}
	}
	return cues{
		mine:         []string{"my", "mine", "our", "your"},
		theirs:       []string{"opponent", "opponents", "their", "theirs", "his", "her", "enemy", "opposing"},
		iCast:        []string{"i", "im", "ive", "you", "we"},
		theyCast:     []string{"opponent", "opponents", "they", "he", "she", "someone"},
		block:        []string{"block", "blocks", "blocked", "blocking", "blocker", "blockers"},
		attack:       []string{"attack", "attacks", "attacking", "attacker", "attackers", "attacked", "combat", "swing", "swings"},
		theyAttack:   []string{"attack me", "attacks me", "attacking me", "attacked me", "opponent attacks", "opponents attack", "opponent still attack", "opponent attack", "they attack", "their attack", "their attackers", "opponents attackers"},
		untap:        []string{"untap step", "untap"},
		upkeep:       []string{"upkeep"},
		end:          []string{"end step", "end of turn", "end phase"},
		draw:         []string{"draw step"},
		myTurn:       []string{"my turn"},
		theirTurn:    []string{"opponents turn", "their turn", "his turn", "her turn"},
		cast:         []string{"cast", "casts", "casting", "play", "plays"},
		creature:     []string{"creature", "creatures", "blocker", "attacker"},
		token:        []string{"token", "tokens"},
		equipment:    []string{"equipment"},
		plusCounters: []string{"+1/+1 counter", "+1/+1 counters"},
		phasedOut:    []string{"phased out", "phased-out"},
	}
}

// keywordWords are the words of the engine's keywords in each language,
// for a creature the question names without a card ("a creature with
// flying").
var keywordWords = map[i18n.Lang]map[string][]string{
	i18n.EN: {"flying": {"flying"}, "reach": {"reach"}, "first_strike": {"first strike"}, "double_strike": {"double strike"},
		"deathtouch": {"deathtouch"}, "trample": {"trample"}, "lifelink": {"lifelink"}, "vigilance": {"vigilance"},
		"haste": {"haste"}, "defender": {"defender"}, "indestructible": {"indestructible"}, "hexproof": {"hexproof"},
		"shroud": {"shroud"}, "menace": {"menace"}},
	i18n.FR: {"flying": {"vol"}, "reach": {"portee"}, "first_strike": {"initiative"}, "double_strike": {"double initiative"},
		"deathtouch": {"contact mortel"}, "trample": {"pietinement"}, "lifelink": {"lien de vie"}, "vigilance": {"vigilance"},
		"haste": {"celerite"}, "defender": {"defenseur"}, "indestructible": {"indestructible", "indestructibles"},
		"hexproof": {"defense talismanique"}, "shroud": {"linceul"}},
	i18n.JA: {"flying": {"飛行"}, "reach": {"到達"}, "first_strike": {"先制攻撃"}, "double_strike": {"二段攻撃"},
		"deathtouch": {"接死"}, "trample": {"トランプル"}, "lifelink": {"絆魂"}, "vigilance": {"警戒"},
		"haste": {"速攻"}, "defender": {"防衛"}, "indestructible": {"破壊不能"}, "hexproof": {"呪禁"},
		"shroud": {"被覆"}, "menace": {"威迫"}},
}

// protectionRE finds "protection from <colour>" in a folded question,
// by language; colourWords name the colours.
var (
	protectionRE = map[i18n.Lang]*regexp.Regexp{
		i18n.EN: regexp.MustCompile(`protection from (white|blue|black|red|green)`),
		i18n.FR: regexp.MustCompile(`protection contre (?:le )?(blanc|bleu|noir|rouge|vert)`),
		i18n.JA: regexp.MustCompile(`プロテクション ?(白|青|黒|赤|緑)`),
	}
	colourWords = map[string]string{"white": "white", "blue": "blue", "black": "black", "red": "red", "green": "green",
		"blanc": "white", "bleu": "blue", "noir": "black", "rouge": "red", "vert": "green",
		"白": "white", "青": "blue", "黒": "black", "赤": "red", "緑": "green"}
	// payManaRE finds a question paying a card's mana cost, which casts
	// it.
	payManaRE = map[i18n.Lang]*regexp.Regexp{
		i18n.EN: regexp.MustCompile(`(?:^| )pay (?:the |its |for )?(?:\w+ )?mana`),
		i18n.FR: regexp.MustCompile(`(?:^| )payer (?:le |son )?mana`),
		i18n.JA: regexp.MustCompile(`マナを.*払`),
	}
	// lifeRE finds a life total ("at 1 life", « à 1 PV », 「ライフ1」).
	lifeRE = map[i18n.Lang]*regexp.Regexp{
		i18n.EN: regexp.MustCompile(`(?:^| )(?:at|on|with|have) (\d{1,3}) life`),
		i18n.FR: regexp.MustCompile(`(?:^| )a (\d{1,3}) (?:pv|points de vie)`),
		i18n.JA: regexp.MustCompile(`ライフ ?(\d{1,3})`),
	}
)

// fold prepares text for matching names and cues: NFKC, lower case, no
// accents (kb.FoldKey), apostrophes dropped ("teferi's" is "teferis",
// "l'adversaire" "ladversaire"), "・" dropped, "/", "+" and "-" kept ("+1/+1"), other punctuation a space,
// spaces collapsed.
func fold(s string) string {
	s = kb.FoldKey(s)
	var b strings.Builder
	space := true
	for _, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '`' || r == '・' || r == '･':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '/' || r == '+' || r == '-' && !space:
			b.WriteRune(r)
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// original finds in q the words that fold to cue, as q writes them
// ("à 1 PV" for "a 1 pv"); cue itself when none does.
func original(q, cue string) string {
	if cue == "" {
		return cue
	}
	rs := []rune(q)
	for i := range rs {
		if !unicode.IsLetter(rs[i]) && !unicode.IsDigit(rs[i]) && rs[i] != '+' ||
			i > 0 && !unicode.IsSpace(rs[i-1]) && !unicode.IsPunct(rs[i-1]) && !isCJK(rs[i]) {
			continue // words start after a space or a mark, or anywhere in Japanese
		}
		for j := i + 1; j <= len(rs) && j-i <= 4*len(cue)+8; j++ {
			f := fold(string(rs[i:j]))
			if f == cue && (j == len(rs) || !unicode.IsLetter(rs[j]) || isCJK(rs[j])) {
				return strings.TrimSpace(string(rs[i:j]))
			}
			if len(f) > len(cue) {
				break
			}
		}
	}
	return cue
}

// isCJK reports whether r is of a script written without spaces.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

// text is a folded question, searched for names and cues.
type text struct {
	s  string
	ja bool // Japanese: cues match anywhere, not as words
}

// find gives the byte offset of the first whole-word occurrence of w in
// t at or after from, or -1.
func (t text) find(w string, from int) int {
	if w == "" {
		return -1
	}
	for i := from; i <= len(t.s)-len(w); {
		j := strings.Index(t.s[i:], w)
		if j < 0 {
			return -1
		}
		at := i + j
		if t.ja || t.wordAt(at, at+len(w)) {
			return at
		}
		i = at + 1
	}
	return -1
}

// wordAt reports whether s[start:end] is whole words of t.
func (t text) wordAt(start, end int) bool {
	return (start == 0 || t.s[start-1] == ' ') && (end == len(t.s) || t.s[end] == ' ')
}

// has reports whether any of ws occurs in t.
func (t text) has(ws []string) (string, bool) {
	for _, w := range ws {
		if t.find(w, 0) >= 0 {
			return w, true
		}
	}
	return "", false
}

// before is the part of t just before offset at: the n words before it
// (the n*2 characters, for Japanese), stopping at a clause's end where
// the original text had one (fold makes it a space: the caller gives
// the folded text cut at it).
func (t text) before(at, n int) string {
	head := t.s[:at]
	if t.ja {
		r := []rune(head)
		return string(r[max(0, len(r)-2*n):])
	}
	ws := strings.Fields(head)
	return strings.Join(ws[max(0, len(ws)-n):], " ")
}

// after is the n words (2n characters, for Japanese) after end.
func (t text) after(end, n int) string {
	tail := t.s[end:]
	if t.ja {
		r := []rune(tail)
		return string(r[:min(len(r), 2*n)])
	}
	ws := strings.Fields(tail)
	return strings.Join(ws[:min(len(ws), n)], " ")
}

// cueIn finds a cue of ws in part (a piece of a folded text): the last
// one for a part before a name (the nearest), the first after it.
func cueIn(part string, ws []string, ja, last bool) string {
	t := text{s: part, ja: ja}
	best, bestAt := "", -1
	for _, w := range ws {
		at := -1
		for i := t.find(w, 0); i >= 0; i = t.find(w, i+1) {
			at = i
			if !last {
				break
			}
		}
		if at < 0 {
			continue
		}
		if bestAt < 0 || last && at > bestAt || !last && at < bestAt {
			best, bestAt = w, at
		}
	}
	return best
}
