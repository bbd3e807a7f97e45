package main

import "github.com/ZaparooProject/zaparoo-core/v2/pkg/database/systemdefs"

type systemInput struct {
	Name string `json:"name"`
}

type systemAnswer struct {
	ID string `json:"id"`
}

func systemLine(line []byte) interface{} {
	var in systemInput
	if bad := decode(line, &in); bad != nil {
		return bad
	}
	sys, err := systemdefs.LookupSystem(in.Name)
	if err != nil {
		return errorAnswer{Error: err.Error()}
	}
	return systemAnswer{ID: sys.ID}
}

type systemDump struct {
	ID        string   `json:"id"`
	MediaType string   `json:"mediaType"`
	Aliases   []string `json:"aliases"`
	Fallbacks []string `json:"fallbacks"`
	Slugs     []string `json:"slugs"`
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func systemsDump() error {
	all := systemdefs.AllSystems()
	out := make([]systemDump, 0, len(all))
	for i := range all {
		s := &all[i]
		out = append(out, systemDump{
			ID:        s.ID,
			MediaType: string(s.GetMediaType()),
			Aliases:   orEmpty(s.Aliases),
			Fallbacks: orEmpty(s.Fallbacks),
			Slugs:     orEmpty(s.Slugs),
		})
	}
	return writeJSON(out)
}
