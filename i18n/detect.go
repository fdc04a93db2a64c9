package i18n

import (
	"strings"
	"unicode"
)

// Detect guesses the language of a question. Any kana, CJK ideograph or
// full-width form means Japanese. Otherwise French and English cues are
// counted and French wins only with more cues: an accented letter, an
// elision at the start of a word (l', d', qu', n', s', j', c'), a space
// before ? ! : or ; as French typography puts there, « », and frequent
// French words, against frequent English words. So "Aura ?" and "jeton ?"
// are French, "token?" is English, and a French card name quoted in an
// English sentence stays English. Anything undecided is English.
func Detect(text string) Lang {
	l, _ := DetectSure(text)
	return l
}

// DetectSure is Detect, and whether the text said so clearly: Japanese
// script, or French and English cues apart by two or more. A card name
// alone ("Foudre", "Fog") is not clear.
func DetectSure(text string) (Lang, bool) {
	for _, r := range text {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) ||
			(r >= 0xFF01 && r <= 0xFF9F) || (r >= 0x3000 && r <= 0x303F) {
			return JA, true
		}
	}
	fr, en := 0, 0
	low := strings.ToLower(text)
	if strings.ContainsAny(low, "éèêëàâùûüçôîïœæ") {
		fr += 2
	}
	if strings.ContainsAny(low, "«»") {
		fr += 2
	}
	prev := rune(0)
	for _, r := range low {
		if (r == '?' || r == '!' || r == ':' || r == ';') && (prev == ' ' || prev == nbsp || prev == nnbsp) {
			fr += 2
			break
		}
		prev = r
	}
	words := strings.FieldsFunc(low, func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-'
	})
	for _, w := range words {
		w = strings.ReplaceAll(w, "’", "'")
		if head, rest, ok := strings.Cut(w, "'"); ok && rest != "" {
			switch head {
			case "l", "d", "qu", "n", "s", "j", "c", "jusqu", "lorsqu", "puisqu":
				fr += 2
				w = rest
			case "don", "can", "isn", "doesn", "won", "it", "that", "what", "there", "aren", "didn", "wasn":
				en++
				continue
			}
		}
		if frenchInversion(w) {
			fr += 2
			continue
		}
		if frenchWord(w) {
			fr++
		} else if englishWord(w) {
			en++
		}
	}
	if fr > en {
		return FR, fr-en >= 2
	}
	return EN, en-fr >= 2
}

// frenchInversion reports whether w is a verb joined to its pronoun by a
// hyphen, as French asks and orders ("explique-moi", "peut-on",
// "pioche-t-il", "dois-je"): English joins no pronoun so.
func frenchInversion(w string) bool {
	i := strings.LastIndexByte(w, '-')
	if i <= 0 || i == len(w)-1 {
		return false
	}
	switch w[i+1:] {
	case "moi", "toi", "je", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles", "lui", "leur":
		return true
	}
	return false
}

// frenchWord reports whether w is a frequent French word, in questions or
// in game vocabulary, that is not also an English word.
func frenchWord(w string) bool {
	switch w {
	case "le", "la", "les", "des", "du", "au", "aux", "un", "une", "est", "sont", "et", "ou", "mais",
		"que", "qui", "quoi", "quand", "comment", "pourquoi", "combien", "quel", "quelle", "quels", "quelles",
		"avec", "dans", "pour", "sur", "sous", "sans", "entre", "vers", "chez",
		"je", "tu", "il", "elle", "ils", "elles", "nous", "vous", "mon", "ma", "mes", "ton", "ta", "tes",
		"sa", "ses", "leur", "leurs", "ce", "cet", "cette", "ces", "se", "ne", "pas", "si",
		"peut", "peux", "peuvent", "faut", "fait", "être", "avoir", "ont", "va", "vont",
		"hors", "jeton", "jetons", "carte", "cartes", "règle", "regle", "règles", "regles", "sorts",
		"créature", "créatures", "blessures", "adversaire", "joueur", "joueuse",
		"cimetière", "cimetiere", "bibliothèque", "bibliotheque", "exil", "exilé", "pioche", "piocher",
		"bloquer", "bloque", "attaquer", "attaque", "champ", "bataille", "étape", "etape",
		"capacité", "capacite", "déclenchée", "declenchee", "détruit", "detruit", "meurt", "dégâts", "degats",
		"contrôleur", "controleur", "équipement", "equipement", "quitte",
		"défausse", "defausse", "sacrifie", "sacrifier", "cible", "ciblé",
		"moi", "toi", "lui", "eux", "cela", "ceci", "chaque", "tout", "tous", "toute", "toutes",
		"aussi", "jamais", "toujours", "avant", "pendant", "depuis", "contre", "puis", "alors", "donc",
		"oui", "autre", "autres", "deux", "trois", "petit", "petite", "jeu", "jouer", "partie",
		"explique", "expliquer", "marche", "fonctionne":
		return true
	}
	return false
}

// englishWord reports whether w is a frequent English word that is not
// also a French word.
func englishWord(w string) bool {
	switch w {
	case "the", "an", "is", "are", "was", "were", "be", "been", "of", "to", "in", "at", "for",
		"with", "from", "by", "and", "or", "but", "if", "when", "what", "which", "who", "how", "why", "does",
		"do", "did", "can", "could", "would", "should", "will", "my", "your", "his", "her", "its", "their",
		"it", "this", "that", "these", "those", "i", "you", "he", "she", "we", "they", "not", "no", "yes",
		"card", "cards", "rule", "rules", "token", "tokens", "spell", "spells",
		"damage", "opponent", "player", "graveyard", "library", "draw", "block", "attack",
		"battlefield", "turn", "step", "ability", "triggered", "destroyed", "dies", "controller",
		"equipment", "enters", "leaves", "hand", "discard", "sacrifice", "target", "phased", "out":
		return true
	}
	return false
}
