// Recording build of the reference's slugs package (regenerate.sh renames each exported F to F__impl): every
// top-level call its unit tests make is written to $REC_OUT as {"fn","args","out"}.
package slugs

import (
	"encoding/json"
	"os"
	"sync"
)

var (
	recMu    sync.Mutex
	recDepth int
	recFile  *os.File
)

func enter() bool {
	recMu.Lock()
	defer recMu.Unlock()
	recDepth++
	return recDepth == 1
}

func leave(top bool, fn string, args []interface{}, out interface{}) {
	recMu.Lock()
	defer recMu.Unlock()
	recDepth--
	if !top {
		return
	}
	if recFile == nil {
		f, err := os.Create(os.Getenv("REC_OUT"))
		if err != nil {
			panic(err)
		}
		recFile = f
	}
	b, _ := json.Marshal(map[string]interface{}{"fn": fn, "args": args, "out": out})
	_, _ = recFile.Write(append(b, '\n'))
}

func s1(fn string, f func(string) string) func(string) string {
	return func(s string) string {
		top := enter()
		r := f(s)
		leave(top, fn, []interface{}{s}, r)
		return r
	}
}

func Slugify(m MediaType, s string) string {
	top := enter()
	r := Slugify__impl(m, s)
	leave(top, "Slugify", []interface{}{string(m), s}, r)
	return r
}
func SlugifyWithTokens(m MediaType, s string) SlugifyResult {
	top := enter()
	r := SlugifyWithTokens__impl(m, s)
	leave(top, "SlugifyWithTokens", []interface{}{string(m), s}, map[string]interface{}{"slug": r.Slug, "tokens": r.Tokens})
	return r
}
func ParseWithMediaType(m MediaType, s string) string {
	top := enter()
	r := ParseWithMediaType__impl(m, s)
	leave(top, "ParseWithMediaType", []interface{}{string(m), s}, r)
	return r
}
func NormalizeToWords(s string) []string {
	top := enter()
	r := NormalizeToWords__impl(s)
	leave(top, "NormalizeToWords", []interface{}{s}, r)
	return r
}
func NormalizeUnicode(s string, ctx *pipelineContext) string {
	top := enter()
	r := NormalizeUnicode__impl(s, ctx)
	if ctx != nil {
		top = false
	}
	leave(top, "NormalizeUnicode", []interface{}{s}, r)
	return r
}
func SplitTitle(s string) (string, string, bool) {
	top := enter()
	a, b, c := SplitTitle__impl(s)
	leave(top, "SplitTitle", []interface{}{s}, map[string]interface{}{"mainTitle": a, "secondaryTitle": b, "hasSecondary": c})
	return a, b, c
}
func DetectScript(s string) ScriptType {
	top := enter()
	r := DetectScript__impl(s)
	leave(top, "DetectScript", []interface{}{s}, int(r))
	return r
}
func b1(fn string, f func(string) bool, s string) bool {
	top := enter()
	r := f(s)
	leave(top, fn, []interface{}{s}, r)
	return r
}
func IsThai(s string) bool    { return b1("IsThai", IsThai__impl, s) }
func IsBurmese(s string) bool { return b1("IsBurmese", IsBurmese__impl, s) }
func IsKhmer(s string) bool   { return b1("IsKhmer", IsKhmer__impl, s) }
func IsLao(s string) bool     { return b1("IsLao", IsLao__impl, s) }
func GenerateBigrams(s string) []string {
	top := enter()
	r := GenerateBigrams__impl(s)
	leave(top, "GenerateBigrams", []interface{}{s}, r)
	return r
}
func GenerateTrigrams(s string) []string {
	top := enter()
	r := GenerateTrigrams__impl(s)
	leave(top, "GenerateTrigrams", []interface{}{s}, r)
	return r
}
func JaccardSimilarity(a, b []string) float64 {
	top := enter()
	r := JaccardSimilarity__impl(a, b)
	leave(top, "JaccardSimilarity", []interface{}{a, b}, r)
	return r
}

func ParseGame(s string) string                     { return s1("ParseGame", ParseGame__impl)(s) }
func ParseMovie(s string) string                    { return s1("ParseMovie", ParseMovie__impl)(s) }
func ParseMusic(s string) string                    { return s1("ParseMusic", ParseMusic__impl)(s) }
func ParseTVShow(s string) string                   { return s1("ParseTVShow", ParseTVShow__impl)(s) }
func NormalizeWidth(s string) string                { return s1("NormalizeWidth", NormalizeWidth__impl)(s) }
func NormalizePunctuation(s string) string          { return s1("NormalizePunctuation", NormalizePunctuation__impl)(s) }
func NormalizeSymbolsAndSeparators(s string) string { return s1("NormalizeSymbolsAndSeparators", NormalizeSymbolsAndSeparators__impl)(s) }
func StripMetadataBrackets(s string) string         { return s1("StripMetadataBrackets", StripMetadataBrackets__impl)(s) }
func StripEditionAndVersionSuffixes(s string) string {
	return s1("StripEditionAndVersionSuffixes", StripEditionAndVersionSuffixes__impl)(s)
}
func CollapseDottedInitialisms(s string) string { return s1("CollapseDottedInitialisms", CollapseDottedInitialisms__impl)(s) }
func ExpandAbbreviations(s string) string       { return s1("ExpandAbbreviations", ExpandAbbreviations__impl)(s) }
func ExpandNumberWords(s string) string         { return s1("ExpandNumberWords", ExpandNumberWords__impl)(s) }
func NormalizeOrdinals(s string) string         { return s1("NormalizeOrdinals", NormalizeOrdinals__impl)(s) }
func ConvertRomanNumerals(s string) string      { return s1("ConvertRomanNumerals", ConvertRomanNumerals__impl)(s) }
func StripLeadingArticle(s string) string       { return s1("StripLeadingArticle", StripLeadingArticle__impl)(s) }
func SplitAndStripArticles(s string) string     { return s1("SplitAndStripArticles", SplitAndStripArticles__impl)(s) }
func StripTrailingArticle(s string) string      { return s1("StripTrailingArticle", StripTrailingArticle__impl)(s) }
func StripSceneTags(s string) string            { return s1("StripSceneTags", StripSceneTags__impl)(s) }
func NormalizeDotSeparators(s string) string    { return s1("NormalizeDotSeparators", NormalizeDotSeparators__impl)(s) }
func StripMovieSceneTags(s string) string       { return s1("StripMovieSceneTags", StripMovieSceneTags__impl)(s) }
func StripMusicSceneTags(s string) string       { return s1("StripMusicSceneTags", StripMusicSceneTags__impl)(s) }
