package i18n

// Keys of the versions domain: CR release diffs on the web and Discord.
const (
	KeyVersionsDiffTitle      Key = "versions.diff.title"          // %[1]s from date, %[2]s to date
	KeyVersionsUnknownRelease Key = "versions.err.unknown_release" // %[1]s from, %[2]s to
	KeyVersionsContents       Key = "versions.diff.contents"
	KeyVersionsAdded          Key = "versions.diff.added"      // %[1]d count
	KeyVersionsRemoved        Key = "versions.diff.removed"    // %[1]d count
	KeyVersionsRenumbered     Key = "versions.diff.renumbered" // %[1]d count
	KeyVersionsChanged        Key = "versions.diff.changed"    // %[1]d count
	KeyVersionsGlossary       Key = "versions.diff.glossary"   // %[1]d count
)
