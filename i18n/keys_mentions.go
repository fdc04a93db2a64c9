package i18n

// Keys of the mentions domain: the replies to cards named as [[name]] in
// ordinary chat messages.
const (
	KeyMentionsUnknown     Key = "mentions.unknown"       // %[1]s the name as written, escaped
	KeyMentionsDidYouMean  Key = "mentions.did_you_mean"  // %[1]s the name as written, escaped; %[2]s the cards, a list with "or"
	KeyMentionsClosest     Key = "mentions.closest"       // footer of a card found for a misspelt or partial name; %[1]s the name as written
	KeyMentionsMore        Key = "mentions.more"          // %[1]d cards answered at most per message
	KeyMentionsRulings     Key = "mentions.rulings"       // %[1]d the card's rulings (plural)
	KeyMentionsNoRulings   Key = "mentions.no_rulings"    // the card has no ruling
	KeyMentionsButton      Key = "mentions.button"        // the Rulings button of a reply with one card
	KeyMentionsButtonCard  Key = "mentions.button_card"   // %[1]s the card's name: its Rulings button among several
	KeyMentionsPrinted     Key = "mentions.printed"       // field name: %[1]s language name
	KeyMentionsPicture     Key = "mentions.picture"       // %[1]s the link to the card's picture
	KeyMentionsYGO         Key = "mentions.ygo"           // what a Yu-Gi-Oh! card is shown as
	KeyMentionsFirstRuling Key = "mentions.first_rulings" // field name above the first rulings; %[1]d how many are shown, %[2]d how many there are
)
