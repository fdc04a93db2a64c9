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

	KeyCLIUpdateFailed     Key = "cli.kb.update_failed"      // %[1]s the error
	KeyCLIUpdateFailedNone Key = "cli.kb.update_failed_none" // %[1]s the error, %[2]s the directory, which holds no index
	KeyCLIPending          Key = "cli.kb.pending"            // %[1]s new CR date, %[2]s serving CR date, %[3]s directory
	KeyCLIPromoted         Key = "cli.kb.promoted"           // %[1]s directory, %[2]s CR date now served
	KeyCLINothingPending   Key = "cli.kb.nothing_pending"    // %[1]s directory
	KeyCLIUnknownRelease   Key = "cli.kb.unknown_release"    // %[1]s date asked, %[2]s dates held
	KeyCLIDiffHeader       Key = "cli.diff.header"           // %[1]s from date, %[2]s to date
	KeyCLIDiffAdded        Key = "cli.diff.added"            // %[1]d count
	KeyCLIDiffRemoved      Key = "cli.diff.removed"          // %[1]d count
	KeyCLIDiffRenumbered   Key = "cli.diff.renumbered"       // %[1]d count
	KeyCLIDiffChanged      Key = "cli.diff.changed"          // %[1]d count
	KeyCLIDiffGlossary     Key = "cli.diff.glossary"         // %[1]d count
	KeyCLIChangedSince     Key = "cli.rule.changed_since"    // %[1]s date of the older release, %[2]s current date
	KeyCLIRenumberedSince  Key = "cli.rule.renumbered_since" // %[1]s date of the older release, %[2]s current date, %[3]s current number
	KeyCLIRenumberedSame   Key = "cli.rule.renumbered_same"  // as KeyCLIRenumberedSince, the text unchanged
	KeyCLIRemovedSince     Key = "cli.rule.removed_since"    // %[1]s date of the older release, %[2]s current date
	KeyCLIMTShowOriginal   Key = "cli.mt.show_original"      // hint to show a non-English original
	KeyCLILabelled         Key = "cli.labelled"              // %[1]s label, %[2]s value
	KeyCLIRuleNotIndexed   Key = "cli.rule.not_indexed"      // %[1]s current rule number
	KeyCLIRuleChangedSince Key = "cli.answer.rule_changed"   // %[1]s rule, %[2]s older release date, %[3]s current release date, %[4]s older release as YYYY-MM-DD
	KeyCLIBuildInProgress  Key = "cli.kb.build_in_progress"
	KeyCLICannotWrite      Key = "cli.err.cannot_write" // %[1]s path, %[2]s reason
	KeyCLIReasonDiskFull   Key = "cli.err.disk_full"
	KeyCLIReasonReadOnly   Key = "cli.err.read_only"
	KeyCLIReasonNotDir     Key = "cli.err.not_dir"
	KeyCLIReasonDenied     Key = "cli.err.denied"
	KeyCLINotifyFailed     Key = "cli.kb.notify_failed"    // %[1]s channel, %[2]s error
	KeyCLINoIndex          Key = "cli.err.no_index"        // %[1]s why the index cannot be opened
	KeyCLIDefaultBuilding  Key = "cli.kb.default_building" // %[1]s directory of the default index
	KeyCLIDefaultWaiting   Key = "cli.kb.default_waiting"  // %[1]s directory of the default index
	KeyCLIDefaultIndex     Key = "cli.kb.default_index"    // %[1]s directory, %[2]d documents, %[3]s CR date

	// A decision that would reverse another, refused without --overrule:
	// %[1]s report number, %[2]s who decided, %[3]s when (Printer.Date).
	KeyCLIReportWasConfirmed Key = "cli.report.was_confirmed"
	KeyCLIReportWasRejected  Key = "cli.report.was_rejected"
)
