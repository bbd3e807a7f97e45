package main

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	zapscript "github.com/ZaparooProject/go-zapscript"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/slugs"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/systemdefs"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/tags"
)

// memMediaDB answers the media database queries title resolution makes, with the semantics of the
// reference's queries when its in-memory slug search cache is loaded (the normal state after a scan):
// the cache picks candidate titles by exact / secondary / prefix / any-of slug comparison on bytes,
// then one query returns their present media that pass the tag filters, ordered by media DBID,
// at most 50 rows. The slug resolution cache is a no-op. Methods not listed panic (nil interface).
type memMediaDB struct {
	database.MediaDBI
	lib *memLibrary
}

const slugSearchLimit = 50

func mediaTypeOf(systemID string) slugs.MediaType {
	if sys, err := systemdefs.GetSystem(systemID); err == nil && sys != nil {
		return sys.GetMediaType()
	}
	return slugs.MediaTypeGame
}

func (db *memMediaDB) GetCachedSlugResolution(
	context.Context, string, string, []zapscript.TagFilter,
) (int64, string, bool) {
	return 0, "", false
}

func (db *memMediaDB) SetCachedSlugResolution(
	context.Context, string, string, []zapscript.TagFilter, int64, string,
) error {
	return nil
}

func (db *memMediaDB) GetMediaByDBID(_ context.Context, id int64) (database.SearchResultWithCursor, error) {
	for _, m := range db.lib.media {
		if m.dbid == id {
			return m.result(), nil
		}
	}
	return database.SearchResultWithCursor{}, sql.ErrNoRows
}

func (db *memMediaDB) search(
	systemID, input string, filters []zapscript.TagFilter, match func(t *memTitle, slug string) bool,
	index map[string]map[string][]*memMedia,
) ([]database.SearchResultWithCursor, error) {
	slug := slugs.Slugify(mediaTypeOf(systemID), input)
	out := []database.SearchResultWithCursor{}
	if slug == "" {
		return out, nil
	}
	candidates := db.lib.mediaBySys[systemID]
	if index != nil {
		candidates = index[systemID][slug]
	}
	for _, m := range candidates { // media DBID order
		if !match(m.title, slug) || !matchesTagFilters(m, filters) {
			continue
		}
		out = append(out, m.result())
		if len(out) == slugSearchLimit {
			break
		}
	}
	return out, nil
}

func (db *memMediaDB) SearchMediaBySlug(
	_ context.Context, systemID, slug string, filters []zapscript.TagFilter,
) ([]database.SearchResultWithCursor, error) {
	return db.search(systemID, slug, filters, func(t *memTitle, s string) bool { return t.slug == s }, db.lib.bySlug)
}

func (db *memMediaDB) SearchMediaBySecondarySlug(
	_ context.Context, systemID, secondarySlug string, filters []zapscript.TagFilter,
) ([]database.SearchResultWithCursor, error) {
	return db.search(systemID, secondarySlug, filters, func(t *memTitle, s string) bool {
		return t.secondarySlug != "" && t.secondarySlug == s
	}, db.lib.bySecondary)
}

func (db *memMediaDB) SearchMediaBySlugPrefix(
	_ context.Context, systemID, prefix string, filters []zapscript.TagFilter,
) ([]database.SearchResultWithCursor, error) {
	return db.search(systemID, prefix, filters, func(t *memTitle, s string) bool { return strings.HasPrefix(t.slug, s) }, nil)
}

func (db *memMediaDB) SearchMediaBySlugIn(
	_ context.Context, systemID string, slugList []string, filters []zapscript.TagFilter,
) ([]database.SearchResultWithCursor, error) {
	mt := mediaTypeOf(systemID)
	wanted := map[string]bool{}
	for _, s := range slugList {
		if sl := slugs.Slugify(mt, s); sl != "" {
			wanted[sl] = true
		}
	}
	out := []database.SearchResultWithCursor{}
	if len(wanted) == 0 {
		return out, nil
	}
	for _, m := range db.lib.mediaBySys[systemID] {
		if !wanted[m.title.slug] || !matchesTagFilters(m, filters) {
			continue
		}
		out = append(out, m.result())
		if len(out) == slugSearchLimit {
			break
		}
	}
	return out, nil
}

// GetTitlesWithPreFilter returns the system's titles within both ranges in the order the reference's
// query yields them: it has no ORDER BY and walks the (SlugLength, SlugWordCount) index, so rows come
// by slug length, then word count, then title DBID.
func (db *memMediaDB) GetTitlesWithPreFilter(
	_ context.Context, systemID string, minLength, maxLength, minWords, maxWords int,
) ([]database.MediaTitle, error) {
	sysDBID, ok := db.lib.systemDBIDs[systemID]
	if !ok {
		return nil, fmt.Errorf("failed to find system '%s': %w", systemID, sql.ErrNoRows)
	}
	var picked []*memTitle
	for _, t := range db.lib.titlesBySys[systemID] {
		if t.slugLength >= minLength && t.slugLength <= maxLength &&
			t.slugWordCount >= minWords && t.slugWordCount <= maxWords {
			picked = append(picked, t)
		}
	}
	sort.SliceStable(picked, func(i, j int) bool {
		a, b := picked[i], picked[j]
		if a.slugLength != b.slugLength {
			return a.slugLength < b.slugLength
		}
		if a.slugWordCount != b.slugWordCount {
			return a.slugWordCount < b.slugWordCount
		}
		return a.dbid < b.dbid
	})
	out := make([]database.MediaTitle, 0, len(picked))
	for _, t := range picked {
		out = append(out, t.row(sysDBID))
	}
	return out, nil
}

// resolveFilter canonicalises a filter's type and value the way the reference's tag filter SQL does
// before comparing with stored (padded) values.
func resolveFilter(f zapscript.TagFilter) (string, string) {
	full := tags.CanonicalizeTagAlias(f.Type + ":" + f.Value)
	idx := strings.Index(full, ":")
	if idx < 0 {
		return full, ""
	}
	return full[:idx], tags.PadTagValue(full[idx+1:])
}

var creditTypes = []string{string(tags.TagTypeDeveloper), string(tags.TagTypePublisher), string(tags.TagTypeCredit)}

// expandCredit turns a non-AND credit filter into one filter per credit-like type.
func expandCredit(filters []zapscript.TagFilter) []zapscript.TagFilter {
	out := make([]zapscript.TagFilter, 0, len(filters))
	for _, f := range filters {
		if f.Type != string(tags.TagTypeCredit) || f.Operator == zapscript.TagOperatorAND {
			out = append(out, f)
			continue
		}
		op := zapscript.TagOperatorOR
		if f.Operator == zapscript.TagOperatorNOT {
			op = zapscript.TagOperatorNOT
		}
		for _, t := range creditTypes {
			out = append(out, zapscript.TagFilter{Type: t, Value: f.Value, Operator: op})
		}
	}
	return out
}

// matchesTagFilters: every AND filter present (an AND credit filter matches any credit-like type),
// no NOT filter present, and at least one OR filter present when there are any.
func matchesTagFilters(m *memMedia, filters []zapscript.TagFilter) bool {
	if len(filters) == 0 {
		return true
	}
	and, not, or := database.GroupTagFiltersByOperator(expandCredit(filters))
	for _, f := range and {
		typ, val := resolveFilter(f)
		if f.Type == string(tags.TagTypeCredit) {
			found := false
			for _, ct := range creditTypes {
				found = found || m.tagSet[[2]string{ct, val}]
			}
			if !found {
				return false
			}
			continue
		}
		if !m.tagSet[[2]string{typ, val}] {
			return false
		}
	}
	for _, f := range not {
		typ, val := resolveFilter(f)
		if m.tagSet[[2]string{typ, val}] {
			return false
		}
	}
	if len(or) > 0 {
		for _, f := range or {
			typ, val := resolveFilter(f)
			if m.tagSet[[2]string{typ, val}] {
				return true
			}
		}
		return false
	}
	return true
}
