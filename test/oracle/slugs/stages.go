// Runs the slugs stage functions the reference's unit tests do not call directly over input strings (one JSON
// string per line on stdin) and prints {"fn","args","out"} lines for results that differ from the input.
package main

import (
	"bufio"
	"encoding/json"
	"os"

	"github.com/ZaparooProject/zaparoo-core/v2/slugs"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	emit := func(fn string, s string, r interface{}) {
		b, _ := json.Marshal(map[string]interface{}{"fn": fn, "args": []string{s}, "out": r})
		out.Write(b)
		out.WriteByte('\n')
	}
	str := map[string]func(string) string{
		"stripMetadataBrackets":  slugs.StripMetadataBrackets,
		"splitAndStripArticles":  slugs.SplitAndStripArticles,
		"expandAbbreviations":    slugs.ExpandAbbreviations,
		"expandNumberWords":      slugs.ExpandNumberWords,
		"stripSceneTags":         slugs.StripSceneTags,
		"normalizeDotSeparators": slugs.NormalizeDotSeparators,
		"stripMovieSceneTags":    slugs.StripMovieSceneTags,
		"stripMusicSceneTags":    slugs.StripMusicSceneTags,
		"stripEditionAndVersionSuffixes": slugs.StripEditionAndVersionSuffixes,
		"stripTrailingArticle":   slugs.StripTrailingArticle,
		"stripLeadingArticle":    slugs.StripLeadingArticle,
		"convertRomanNumerals":   slugs.ConvertRomanNumerals,
		"normalizeOrdinals":      slugs.NormalizeOrdinals,
	}
	for in.Scan() {
		var s string
		if err := json.Unmarshal(in.Bytes(), &s); err != nil {
			panic(err)
		}
		for fn, f := range str {
			if r := f(s); r != s {
				emit(fn, s, r)
			}
		}
		m, sec, has := slugs.SplitTitle(s)
		if has {
			emit("splitTitle", s, map[string]interface{}{"mainTitle": m, "secondaryTitle": sec, "hasSecondary": has})
		}
		emit("detectScript", s, int(slugs.DetectScript(s)))
	}
}
