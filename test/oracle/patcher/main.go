// Command patcher rewrites Go sources so that code written for newer Go releases builds with Go 1.19.
// It is driven by the compiler's own error messages (read from stdin as "file:line:col: message"), so it
// only touches the places the old compiler rejects. Every rewrite keeps the program's behaviour.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type diag struct {
	line, col int
	msg       string
}

var diagLine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): (.*)$`)

const compatFile = "zz_go119_compat.go"

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: patcher <module-root> < compiler-errors")
		os.Exit(2)
	}
	root := os.Args[1]
	byFile := map[string][]diag{}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		m := diagLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		path := m[1]
		if !filepath.IsAbs(path) {
			path = filepath.Join(root, path)
		}
		ln, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		byFile[path] = append(byFile[path], diag{ln, col, m[4]})
	}
	changed := 0
	for path, ds := range byFile {
		n, err := fixFile(path, ds)
		if err != nil {
			fmt.Fprintf(os.Stderr, "patcher: %s: %v\n", path, err)
			os.Exit(1)
		}
		changed += n
	}
	fmt.Fprintf(os.Stderr, "patcher: %d rewrites\n", changed)
	if changed == 0 && len(byFile) > 0 {
		for path, ds := range byFile {
			for _, d := range ds {
				fmt.Fprintf(os.Stderr, "patcher: unhandled %s:%d:%d: %s\n", path, d.line, d.col, d.msg)
			}
		}
		os.Exit(1)
	}
}

type edit struct {
	start, end int
	text       string
}

func fixFile(path string, ds []diag) (int, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return 0, err
	}
	tf := fset.File(file.Pos())
	var edits []edit
	needCompat := map[string]bool{}
	for _, d := range ds {
		switch {
		case strings.Contains(d.msg, "cannot range over"):
			if e, ok := rangeOverInt(file, tf, src, d); ok {
				edits = append(edits, e)
			}
		case strings.HasPrefix(d.msg, "imported and not used: "):
			// Left over after a cut: keep the import for its side effects only.
			off := offsetOf(tf, d)
			edits = append(edits, edit{off, off, "_ "})
		case strings.Contains(d.msg, ".Loop undefined (type *testing.B"):
			recv := strings.TrimSuffix(strings.Fields(d.msg)[0], ".Loop")
			old := "for " + recv + ".Loop()"
			e := replaceAt(tf, src, diag{d.line, 1, d.msg}, old,
				"for _compatB := 0; _compatB < "+recv+".N; _compatB++")
			edits = append(edits, e)
		case strings.HasPrefix(d.msg, "undefined: min"), strings.HasPrefix(d.msg, "undefined: max"):
			needCompat["minmax"] = true
		case strings.HasPrefix(d.msg, "undefined: strings.CutPrefix"),
			strings.HasPrefix(d.msg, "undefined: strings.CutSuffix"):
			name := strings.TrimPrefix(strings.Fields(d.msg)[1], "strings.")
			edits = append(edits, replaceAt(tf, src, d, "strings."+name, "compat"+name))
			needCompat["cut"] = true
		case strings.HasPrefix(d.msg, "undefined: context.WithoutCancel"):
			edits = append(edits, replaceCall(tf, src, d, "context.WithoutCancel", "context.Background()"))
		case strings.HasPrefix(d.msg, "undefined: slices.ContainsFunc"):
			edits = append(edits, replaceAt(tf, src, d, "slices.ContainsFunc", "compatContainsFunc"))
			needCompat["containsfunc"] = true
		}
	}
	edits = dedupe(edits)
	if len(edits) > 0 {
		sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
		out := src
		for _, e := range edits {
			out = append(append(append([]byte{}, out[:e.start]...), e.text...), out[e.end:]...)
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return 0, err
		}
	}
	n := len(edits)
	if len(needCompat) > 0 {
		added, err := ensureCompat(filepath.Dir(path), file.Name.Name, needCompat)
		if err != nil {
			return 0, err
		}
		n += added
	}
	return n, nil
}

func dedupe(es []edit) []edit {
	seen := map[int]bool{}
	var out []edit
	for _, e := range es {
		if !seen[e.start] {
			seen[e.start] = true
			out = append(out, e)
		}
	}
	return out
}

func offsetOf(tf *token.File, d diag) int {
	return int(tf.LineStart(d.line)) - tf.Base() + d.col - 1
}

// rangeOverInt turns `for i := range n {` / `for range n {` into a counted three-clause loop.
func rangeOverInt(file *ast.File, tf *token.File, src []byte, d diag) (edit, bool) {
	var found *ast.RangeStmt
	ast.Inspect(file, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if ok && tf.Line(rs.X.Pos()) == d.line && found == nil {
			found = rs
		}
		return found == nil
	})
	if found == nil {
		return edit{}, false
	}
	start := tf.Offset(found.For)
	end := tf.Offset(found.Body.Lbrace) + 1
	limit := "(" + string(src[tf.Offset(found.X.Pos()):tf.Offset(found.X.End())]) + ")"
	// The counter is hidden and copied into the loop variable per iteration, as ranging over an int does:
	// changing the variable in the body does not change the iteration.
	text := fmt.Sprintf("for _compatK, _compatN := %s-%s, %s; _compatK < _compatN; _compatK++ {", limit, limit, limit)
	if id, ok := found.Key.(*ast.Ident); ok && id.Name != "_" {
		op := ":="
		if found.Tok == token.ASSIGN {
			op = "="
		}
		text += fmt.Sprintf(" %s %s _compatK; _ = %s;", id.Name, op, id.Name)
	}
	return edit{start, end, text}, true
}

func replaceAt(tf *token.File, src []byte, d diag, old, repl string) edit {
	off := offsetOf(tf, d)
	// The compiler points at the selector's start or at its selected name.
	for _, s := range []int{off, off - len("strings."), off - len("slices.")} {
		if s >= 0 && s+len(old) <= len(src) && string(src[s:s+len(old)]) == old {
			return edit{s, s + len(old), repl}
		}
	}
	lineStart := int(tf.LineStart(d.line)) - tf.Base()
	idx := bytes.Index(src[lineStart:], []byte(old))
	return edit{lineStart + idx, lineStart + idx + len(old), repl}
}

// replaceCall replaces a whole call `fn(args)` on the diagnosed line with repl.
func replaceCall(tf *token.File, src []byte, d diag, fn, repl string) edit {
	lineStart := int(tf.LineStart(d.line)) - tf.Base()
	s := lineStart + bytes.Index(src[lineStart:], []byte(fn+"("))
	depth := 0
	for i := s + len(fn); i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return edit{s, i + 1, repl}
			}
		}
	}
	return edit{s, s, ""}
}

var compatSnippets = map[string]string{
	"minmax": `
type compatOrdered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 | ~string
}

func min[T compatOrdered](x T, ys ...T) T {
	for _, y := range ys {
		if y < x {
			x = y
		}
	}
	return x
}

func max[T compatOrdered](x T, ys ...T) T {
	for _, y := range ys {
		if y > x {
			x = y
		}
	}
	return x
}
`,
	"cut": `
func compatCutPrefix(s, prefix string) (after string, found bool) {
	if len(s) < len(prefix) || s[:len(prefix)] != prefix {
		return s, false
	}
	return s[len(prefix):], true
}

func compatCutSuffix(s, suffix string) (before string, found bool) {
	if len(s) < len(suffix) || s[len(s)-len(suffix):] != suffix {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}
`,
	"containsfunc": `
func compatContainsFunc[E any](s []E, f func(E) bool) bool {
	for _, v := range s {
		if f(v) {
			return true
		}
	}
	return false
}
`,
}

// ensureCompat adds the missing helpers to the package's compat file (one per package folder and name).
func ensureCompat(dir, pkg string, need map[string]bool) (int, error) {
	path := filepath.Join(dir, strings.TrimSuffix(compatFile, ".go")+"_"+pkg+".go")
	cur, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return 0, err
	}
	if len(cur) == 0 {
		cur = []byte("// Code generated by the tapserve oracle patcher for Go 1.19. DO NOT EDIT.\n\npackage " + pkg + "\n")
	}
	added := 0
	keys := make([]string, 0, len(need))
	for k := range need {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		marker := "// compat:" + k
		if bytes.Contains(cur, []byte(marker)) {
			continue
		}
		cur = append(cur, []byte("\n"+marker+compatSnippets[k])...)
		added++
	}
	if added == 0 {
		return 0, nil
	}
	return added, os.WriteFile(path, cur, 0o644)
}
