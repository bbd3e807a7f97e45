// Package config is the oracle's stand-in for the reference's configuration: only the media preferences
// that title resolution reads. An empty Instance behaves like the reference with nothing configured.
package config

// Instance holds the configured preferred regions and languages (both unset by default).
type Instance struct {
	Regions []string
	Langs   []string
}

// DefaultRegions returns the configured regions, or the reference's built-in default when none are set.
func (c *Instance) DefaultRegions() []string {
	if c == nil || len(c.Regions) == 0 {
		return []string{"us", "world"}
	}
	return c.Regions
}

// DefaultLangs returns the configured languages, or the reference's built-in default when none are set.
func (c *Instance) DefaultLangs() []string {
	if c == nil || len(c.Langs) == 0 {
		return []string{"en"}
	}
	return c.Langs
}
