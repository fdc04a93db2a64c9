package i18n

// Keys of the cli domain: lines specific to the command-line output.
const (
	KeyCLIBuilt         Key = "cli.kb.built"          // %[1]s directory, %[2]d documents, %[3]s seconds
	KeyCLIMTLabelLang   Key = "cli.mt.label_lang"     // %[1]s language name of the original
	KeyCLIFuzzyCard     Key = "cli.card.fuzzy"        // %[1]s name asked, %[2]s card found
	KeyCLINoRulings     Key = "cli.card.no_rulings"   // %[1]s card name
	KeyCLISubrules      Key = "cli.rule.subrules"     // %[1]d how many
	KeyCLIOldRule       Key = "cli.rule.old"          // %[1]s old number
	KeyCLINowRule       Key = "cli.rule.now"          // %[1]s current number
	KeyCLIAbolishedRule Key = "cli.rule.abolished"    // %[1]s old number
	KeyCLICitedBy       Key = "cli.rule.cited_by"     // heading of the clarifications citing a rule
	KeyCLIExamples      Key = "cli.rule.example"      // prefix of an example
	KeyCLISeePreset     Key = "cli.answer.see_preset" // %[1]s preset name
	KeyCLINames         Key = "cli.card.names"        // %[1]s names in other languages
)
