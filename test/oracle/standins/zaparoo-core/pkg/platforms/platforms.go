// Package platforms is the oracle's stand-in for the reference's platform layer: a launcher reduced to
// the fields title selection reads (its identity and the file extensions it launches).
package platforms

type Launcher struct {
	ID         string
	SystemID   string
	Extensions []string
}
