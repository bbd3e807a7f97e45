package main

import (
	"bufio"
	"go/scanner"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// literals prints, as JSON lines {"file","text"}, every string literal of the given Go files and every
// string value of the given Go fuzz corpus files ("go test fuzz v1"), in order of appearance.
func literals(files []string) error {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		var found []string
		if strings.HasPrefix(string(src), "go test fuzz v1") {
			found = corpusStrings(string(src))
		} else {
			found = goStringLiterals(src)
		}
		for _, s := range found {
			if err := writeJSONTo(out, map[string]string{"file": file, "text": s}); err != nil {
				return err
			}
		}
	}
	return nil
}

// goStringLiterals returns the file's string literals, leaving out import paths.
func goStringLiterals(src []byte) []string {
	fset := token.NewFileSet()
	f := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(f, src, nil, 0)
	var out []string
	inImport, importParen := false, false
	for {
		_, tok, lit := s.Scan()
		switch {
		case tok == token.EOF:
			return out
		case tok == token.IMPORT:
			inImport = true
			continue
		case inImport && tok == token.LPAREN:
			importParen = true
			continue
		case inImport && tok == token.RPAREN:
			inImport, importParen = false, false
			continue
		case inImport && tok == token.STRING:
			if !importParen {
				inImport = false
			}
			continue
		case tok == token.STRING:
			if v, err := strconv.Unquote(lit); err == nil {
				out = append(out, v)
			}
		}
	}
}

var corpusValue = regexp.MustCompile(`^(?:string|\[\]byte)\((.*)\)$`)

func corpusStrings(src string) []string {
	var out []string
	for _, line := range strings.Split(src, "\n")[1:] {
		m := corpusValue.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		if v, err := strconv.Unquote(m[1]); err == nil {
			out = append(out, v)
		}
	}
	return out
}
