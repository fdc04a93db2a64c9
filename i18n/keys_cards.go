package i18n

// Keys of the cards domain: what the card language makes of the cards
// (bot cards coverage).
const (
	KeyCardsUsage          Key = "cards.usage"
	KeyCardsTitle          Key = "cards.coverage.title"     // %[1]d cards
	KeyCardsCompiled       Key = "cards.coverage.compiled"  // %[1]d cards, %[2]v percent (a number.Decimal)
	KeyCardsRefused        Key = "cards.coverage.refused"   // %[1]d cards, %[2]v percent (a number.Decimal)
	KeyCardsSimulated      Key = "cards.coverage.simulated" // %[1]d cards, %[2]v percent (a number.Decimal)
	KeyCardsLacks          Key = "cards.coverage.lacks"     // heading of what the engine doesn't run yet
	KeyCardsReasons        Key = "cards.coverage.reasons"   // heading of the cards refused as a whole
	KeyCardsSentences      Key = "cards.coverage.sentences" // heading of the sentences not understood
	KeyCardsExample        Key = "cards.coverage.example"   // %[1]s a card's name
	KeyCardsReasonFaces    Key = "cards.reason.faces"
	KeyCardsReasonCardType Key = "cards.reason.card_type" // %[1]s the card type
	KeyCardsReasonManaCost Key = "cards.reason.mana_cost" // %[1]s the mana cost
	KeyCardsNoTexts        Key = "cards.err.no_texts"
)
