// Package cmp is the oracle's small stand-in for github.com/google/go-cmp/cmp, enough for the
// reference's tests: Diff reports "" when both values are deeply equal (unexported fields included).
package cmp

import (
	"fmt"
	"reflect"
)

// Option is accepted for signature compatibility; deep equality already sees unexported fields.
type Option interface{}

func AllowUnexported(types ...interface{}) Option { return nil }

func Equal(x, y interface{}, opts ...Option) bool { return reflect.DeepEqual(x, y) }

func Diff(x, y interface{}, opts ...Option) string {
	if reflect.DeepEqual(x, y) {
		return ""
	}
	return fmt.Sprintf("-: %#v\n+: %#v\n", x, y)
}
