// Slug and tokens of each input line (a JSON string) for several media types, plus NormalizeToWords.
package main

import (
	"bufio"
	"encoding/json"
	"os"

	"github.com/ZaparooProject/zaparoo-core/v2/slugs"
)

type res struct {
	Slug   string   `json:"s"`
	Tokens []string `json:"t"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	types := []slugs.MediaType{slugs.MediaTypeGame, slugs.MediaTypeMovie, slugs.MediaTypeTVShow, slugs.MediaTypeMusic, slugs.MediaTypeApplication}
	for in.Scan() {
		var s string
		if err := json.Unmarshal(in.Bytes(), &s); err != nil {
			panic(err)
		}
		rec := map[string]interface{}{"in": s}
		for _, t := range types {
			r := slugs.SlugifyWithTokens(t, s)
			rec[string(t)] = res{r.Slug, r.Tokens}
		}
		rec["words"] = slugs.NormalizeToWords(s)
		b, _ := json.Marshal(rec)
		out.Write(b)
		out.WriteByte('\n')
	}
}
