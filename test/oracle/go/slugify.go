package main

import "github.com/ZaparooProject/zaparoo-core/v2/pkg/database/slugs"

type slugifyInput struct {
	MediaType string `json:"mediaType"`
	Text      string `json:"text"`
}

type slugifyAnswer struct {
	Slug   string   `json:"slug"`
	Tokens []string `json:"tokens"`
}

func slugifyLine(line []byte) interface{} {
	var in slugifyInput
	if bad := decode(line, &in); bad != nil {
		return bad
	}
	mt := slugs.MediaType(in.MediaType)
	if mt == "" {
		mt = slugs.MediaTypeGame
	}
	r := slugs.SlugifyWithTokens(mt, in.Text)
	tokens := r.Tokens
	if tokens == nil {
		tokens = []string{}
	}
	return slugifyAnswer{Slug: r.Slug, Tokens: tokens}
}
