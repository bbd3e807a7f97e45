// Prints each Go string literal of the given files once, as JSON lines.
package main

import (
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"strconv"
)

func main() {
	seen := map[string]bool{}
	for _, path := range os.Args[1:] {
		src, err := os.ReadFile(path)
		if err != nil {
			panic(err)
		}
		fset := token.NewFileSet()
		file := fset.AddFile(path, fset.Base(), len(src))
		var s scanner.Scanner
		s.Init(file, src, nil, 0)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.STRING || tok == token.CHAR {
				v, err := strconv.Unquote(lit)
				if err != nil {
					continue
				}
				if !seen[v] {
					seen[v] = true
					b, _ := json.Marshal(v)
					fmt.Println(string(b))
				}
			}
		}
	}
}
