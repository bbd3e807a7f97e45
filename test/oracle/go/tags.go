package main

import (
	"path/filepath"
	"strings"

	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/slugs"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/tags"
)

type tagsInput struct {
	Filename  string `json:"filename"`
	MediaType string `json:"mediaType"`
}

type tagJSON struct {
	Type   string `json:"type"`
	Value  string `json:"value"`
	Source string `json:"source"`
}

type indexTagJSON struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

type tagsAnswer struct {
	Title     string         `json:"title"`
	Tags      []tagJSON      `json:"tags"`
	IndexTags []indexTagJSON `json:"indexTags"`
}

var tagSourceNames = map[tags.TagSource]string{
	tags.TagSourceUnknown:   "unknown",
	tags.TagSourceBracketed: "bracketed",
	tags.TagSourceInferred:  "inferred",
}

func tagsLine(line []byte) interface{} {
	var in tagsInput
	if bad := decode(line, &in); bad != nil {
		return bad
	}
	mt := slugs.MediaType(in.MediaType)
	if mt == "" {
		mt = slugs.MediaTypeGame
	}
	parsed := tags.ParseFilenameToCanonicalTagsForMedia(in.Filename, mt)
	out := tagsAnswer{
		Title:     tags.ParseTitleFromFilenameForMedia(in.Filename, false, mt),
		Tags:      make([]tagJSON, 0, len(parsed)),
		IndexTags: indexTagsFor(in.Filename, mt),
	}
	for _, t := range parsed {
		out.Tags = append(out.Tags, tagJSON{Type: string(t.Type), Value: string(t.Value), Source: tagSourceNames[t.Source]})
	}
	return out
}

// indexTagsFor lists the tags the reference's indexer stores for a file of that name, as they read back
// (unpadded): the extension pseudo-tag, then the file name's canonical tags, keeping only those the
// reconcile step links (filename tags enabled, the default).
func indexTagsFor(fileName string, mt slugs.MediaType) []indexTagJSON {
	frag := pathFragments(fileName, mt)
	linked := linkedTags(frag.tags)
	out := make([]indexTagJSON, 0, len(linked))
	for _, t := range linked {
		out = append(out, indexTagJSON{Type: t[0], Value: tags.UnpadTagValue(t[1])})
	}
	return out
}

type storedTag struct{ Type, Value string }

type fragments struct {
	fileName string // base name without a valid extension
	ext      string // lower case, with the dot; "" when none or invalid
	title    string
	slug     string
	tokens   []string
	tags     []storedTag
}

// validExtension mirrors the indexer's rule: a dot followed by one or more ASCII letters or digits.
func validExtension(ext string) bool {
	ext = strings.TrimPrefix(ext, ".")
	if ext == "" {
		return false
	}
	for _, ch := range ext {
		if (ch < 'a' || ch > 'z') && (ch < 'A' || ch > 'Z') && (ch < '0' || ch > '9') {
			return false
		}
	}
	return true
}

// pathFragments reproduces what the indexer derives from a local file path (no URI scheme, no provided
// name, no rank-prefix stripping policy, filename tags enabled).
func pathFragments(path string, mt slugs.MediaType) fragments {
	var f fragments
	base := filepath.Base(path)
	f.ext = strings.ToLower(filepath.Ext(path))
	if !validExtension(f.ext) {
		f.ext = ""
	}
	f.fileName = base
	if f.ext != "" && strings.HasSuffix(base, f.ext) {
		f.fileName = base[:len(base)-len(f.ext)]
	}
	f.title = tags.ParseTitleFromFilenameForMedia(f.fileName, false, mt)
	r := slugs.SlugifyWithTokens(mt, f.title)
	f.slug, f.tokens = r.Slug, r.Tokens
	if f.slug == "" {
		f.slug = strings.ToLower(f.fileName)
	}
	if f.ext != "" {
		f.tags = append(f.tags, storedTag{Type: string(tags.TagTypeExtension), Value: strings.TrimPrefix(f.ext, ".")})
	}
	for _, ct := range tags.ParseFilenameToCanonicalTagsForMedia(f.fileName, mt) {
		s := tags.UnpadTagValue(ct.String())
		typ, val, ok := strings.Cut(s, ":")
		if !ok || typ == "" || val == "" {
			continue
		}
		f.tags = append(f.tags, storedTag{Type: typ, Value: val})
	}
	return f
}
