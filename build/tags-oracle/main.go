// Tags harness: answers JSON lines with what the reference's tags package returns for them (our own driver code;
// see build.sh). Input {"fn","s","t","mt"}; fn "" parses a file name (tags, titles), the others call one step.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/slugs"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/tags"
)

type in struct {
	Fn string `json:"fn"`
	S  string `json:"s"`
	T  string `json:"t"`
	Mt string `json:"mt"`
}

var src = map[tags.TagSource]string{0: "unknown", 1: "bracketed", 2: "inferred"}

func tl(ts []tags.CanonicalTag) [][3]string {
	out := make([][3]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, [3]string{string(t.Type), string(t.Value), src[t.Source]})
	}
	return out
}

func answer(x in) (res interface{}) {
	defer func() {
		if r := recover(); r != nil {
			res = map[string]string{"panic": fmt.Sprint(r)}
		}
	}()
	mt := slugs.MediaType(x.Mt)
	switch x.Fn {
	case "", "parse":
		return map[string]interface{}{
			"tags":    tl(tags.ParseFilenameToCanonicalTagsForMedia(x.S, mt)),
			"title":   tags.ParseTitleFromFilenameForMedia(x.S, false, mt),
			"titleN":  tags.ParseTitleFromFilenameForMedia(x.S, true, mt),
			"display": tags.ParseDisplayTitleFromFilenameForMedia(x.S, false, mt),
		}
	case "normalizeTag":
		return tags.NormalizeTag(x.S)
	case "normalizeTagValue":
		return tags.NormalizeTagValue(x.T, x.S)
	case "pad":
		return []string{tags.PadTagValue(x.S), tags.UnpadTagValue(x.S)}
	case "special":
		t, r := tags.HarnessExtractSpecial(x.S, x.Mt)
		return map[string]interface{}{"tags": tl(t), "remaining": r}
	case "groups":
		p, b := tags.HarnessExtractTags(x.S)
		return [][]string{p, b}
	case "scene":
		return tags.HarnessStripScene(x.S)
	case "map":
		return tl(tags.HarnessMap(x.S))
	}
	return "unknown fn"
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for sc.Scan() {
		var x in
		if err := json.Unmarshal(sc.Bytes(), &x); err != nil {
			_ = enc.Encode(map[string]string{"error": err.Error()})
			continue
		}
		_ = enc.Encode(answer(x))
	}
}
