package main

import (
	"database/sql"
	"sort"
	"strings"

	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/mediadb"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/systemdefs"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/tags"
)

// The media database as the reference's indexer leaves it after a scan, held in memory.
//
// How the indexer fills it (read from the reference's scanner and its reconcile SQL):
//   - every file is staged with its title, slug, secondary slug, slug length, word count and tags;
//   - one title per (system, slug); the title's name and slug metadata come from the staged file with
//     the smallest path (byte order);
//   - titles are numbered in the path order of those representative files;
//   - media rows are numbered by (slug, path): the insert walks the system's titles through the
//     (SystemDBID, Slug) index and each title's staged files through the slug index (checked with
//     EXPLAIN QUERY PLAN on the reference's schema and seeded planner statistics);
//   - a staged tag is linked only if its type is known and either its type is open-ended (created on
//     demand) or its value is in the seeded canonical vocabulary; values are stored zero-padded.

type memTitle struct {
	dbid          int64
	systemID      string
	slug          string
	name          string
	secondarySlug string
	slugLength    int
	slugWordCount int
}

type memMedia struct {
	dbid   int64
	title  *memTitle
	path   string
	tags   []database.TagInfo // as read back: unpadded values
	tagSet map[[2]string]bool // (type, stored padded value)
}

type memLibrary struct {
	titles       []*memTitle // in DBID order
	media        []*memMedia // in DBID order
	systemDBIDs  map[string]int64
	titlesBySys  map[string][]*memTitle
	mediaBySys   map[string][]*memMedia
	bySlug       map[string]map[string][]*memMedia // system → title slug → media in DBID order
	bySecondary  map[string]map[string][]*memMedia // system → secondary slug → media in DBID order
	nextTitleID  int64
	nextMediaID  int64
	nextSystemID int64
}

// Tag types whose values are created on demand during a scan (the reference's reconcile step lists
// them); every other type links only to values of the seeded canonical vocabulary.
var dynamicTagTypes = map[string]bool{
	string(tags.TagTypeRev):       true,
	string(tags.TagTypeDeveloper): true,
	string(tags.TagTypePublisher): true,
	string(tags.TagTypeCredit):    true,
	string(tags.TagTypeBuildDate): true,
	string(tags.TagTypePatch):     true,
	string(tags.TagTypeTrack):     true,
	string(tags.TagTypeExtension): true,
}

var knownTagTypes, canonicalTags = seededVocabulary()

func seededVocabulary() (map[string]bool, map[[2]string]bool) {
	types := map[string]bool{string(tags.TagTypeUnknown): true, string(tags.TagTypeExtension): true}
	values := map[[2]string]bool{{string(tags.TagTypeUnknown), "unknown"}: true}
	for t, vs := range tags.CanonicalTagDefinitions {
		types[string(t)] = true
		for _, v := range vs {
			values[[2]string{string(t), tags.PadTagValue(strings.ToLower(string(v)))}] = true
		}
	}
	return types, values
}

// linkedTags keeps the staged tags the reconcile step would link, as (type, padded value) pairs.
func linkedTags(staged []storedTag) [][2]string {
	var out [][2]string
	seen := map[[2]string]bool{}
	for _, t := range staged {
		key := [2]string{t.Type, tags.PadTagValue(t.Value)}
		if !knownTagTypes[key[0]] || (!dynamicTagTypes[key[0]] && !canonicalTags[key]) || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, key)
	}
	return out
}

type stagedFile struct {
	path string
	frag fragments
	meta mediadb.SlugMetadata
}

func newMemLibrary() *memLibrary {
	return &memLibrary{
		systemDBIDs: map[string]int64{},
		titlesBySys: map[string][]*memTitle{},
		mediaBySys:  map[string][]*memMedia{},
		bySlug:      map[string]map[string][]*memMedia{},
		bySecondary: map[string]map[string][]*memMedia{},
	}
}

// indexSystem adds one system's files as one scan would.
func (l *memLibrary) indexSystem(sys *systemdefs.System, paths []string) {
	mt := sys.GetMediaType()
	l.nextSystemID++
	l.systemDBIDs[sys.ID] = l.nextSystemID

	byPath := map[string]*stagedFile{}
	for _, p := range paths {
		if _, dup := byPath[p]; dup {
			continue
		}
		f := pathFragments(p, mt)
		byPath[p] = &stagedFile{path: p, frag: f,
			meta: mediadb.GenerateSlugMetadataFromTokens(mt, f.title, f.slug, f.tokens)}
	}
	staged := make([]*stagedFile, 0, len(byPath))
	for _, s := range byPath {
		staged = append(staged, s)
	}
	sort.Slice(staged, func(i, j int) bool { return staged[i].path < staged[j].path })

	titleBySlug := map[string]*memTitle{}
	for _, s := range staged { // path order: the first file of a slug is its representative
		if titleBySlug[s.frag.slug] != nil {
			continue
		}
		l.nextTitleID++
		t := &memTitle{
			dbid: l.nextTitleID, systemID: sys.ID, slug: s.frag.slug, name: s.frag.title,
			secondarySlug: s.meta.SecondarySlug, slugLength: s.meta.SlugLength, slugWordCount: s.meta.SlugWordCount,
		}
		titleBySlug[t.slug] = t
		l.titles = append(l.titles, t)
		l.titlesBySys[sys.ID] = append(l.titlesBySys[sys.ID], t)
	}

	bySlug := append([]*stagedFile(nil), staged...)
	sort.SliceStable(bySlug, func(i, j int) bool { return bySlug[i].frag.slug < bySlug[j].frag.slug })
	for _, s := range bySlug {
		l.nextMediaID++
		m := &memMedia{dbid: l.nextMediaID, title: titleBySlug[s.frag.slug], path: s.path, tagSet: map[[2]string]bool{}}
		for _, key := range linkedTags(s.frag.tags) {
			m.tagSet[key] = true
			m.tags = append(m.tags, database.TagInfo{Type: key[0], Tag: tags.UnpadTagValue(key[1])})
		}
		l.media = append(l.media, m)
		l.mediaBySys[sys.ID] = append(l.mediaBySys[sys.ID], m)
		if l.bySlug[sys.ID] == nil {
			l.bySlug[sys.ID], l.bySecondary[sys.ID] = map[string][]*memMedia{}, map[string][]*memMedia{}
		}
		l.bySlug[sys.ID][m.title.slug] = append(l.bySlug[sys.ID][m.title.slug], m)
		if sec := m.title.secondarySlug; sec != "" {
			l.bySecondary[sys.ID][sec] = append(l.bySecondary[sys.ID][sec], m)
		}
	}
}

func (m *memMedia) result() database.SearchResultWithCursor {
	ts := make([]database.TagInfo, len(m.tags))
	copy(ts, m.tags)
	return database.SearchResultWithCursor{
		SystemID:     m.title.systemID,
		Name:         m.title.name,
		Path:         m.path,
		MediaID:      m.dbid,
		MediaTitleID: m.title.dbid,
		Tags:         ts,
	}
}

func (t *memTitle) row(systemDBID int64) database.MediaTitle {
	return database.MediaTitle{
		DBID:          t.dbid,
		SystemDBID:    systemDBID,
		Slug:          t.slug,
		Name:          t.name,
		SlugLength:    t.slugLength,
		SlugWordCount: t.slugWordCount,
		SecondarySlug: sql.NullString{String: t.secondarySlug, Valid: t.secondarySlug != ""},
	}
}
