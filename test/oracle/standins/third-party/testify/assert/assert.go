// Package assert is the oracle's small stand-in for github.com/stretchr/testify/assert, implementing the
// assertions the reference's unit tests use, so those tests can run without a module proxy.
package assert

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"strings"
)

type TestingT interface {
	Errorf(format string, args ...interface{})
}

type helper interface{ Helper() }

func fail(t TestingT, what string, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	msg := ""
	if len(msgAndArgs) == 1 {
		msg = fmt.Sprint(msgAndArgs[0])
	} else if len(msgAndArgs) > 1 {
		if f, ok := msgAndArgs[0].(string); ok {
			msg = fmt.Sprintf(f, msgAndArgs[1:]...)
		}
	}
	t.Errorf("%s %s", what, msg)
	return false
}

func ObjectsAreEqual(expected, actual interface{}) bool {
	if expected == nil || actual == nil {
		return expected == actual
	}
	eb, ok1 := expected.([]byte)
	ab, ok2 := actual.([]byte)
	if ok1 && ok2 {
		return string(eb) == string(ab)
	}
	return reflect.DeepEqual(expected, actual)
}

func Equal(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if !ObjectsAreEqual(expected, actual) {
		return fail(t, fmt.Sprintf("Not equal:\n expected: %#v\n actual  : %#v\n", expected, actual), msgAndArgs...)
	}
	return true
}

func NotEqual(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if ObjectsAreEqual(expected, actual) {
		return fail(t, fmt.Sprintf("Should not be: %#v", actual), msgAndArgs...)
	}
	return true
}

func True(t TestingT, value bool, msgAndArgs ...interface{}) bool {
	if !value {
		return fail(t, "Should be true", msgAndArgs...)
	}
	return true
}

func False(t TestingT, value bool, msgAndArgs ...interface{}) bool {
	if value {
		return fail(t, "Should be false", msgAndArgs...)
	}
	return true
}

func isNil(object interface{}) bool {
	if object == nil {
		return true
	}
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Ptr, reflect.Slice, reflect.UnsafePointer:
		return v.IsNil()
	}
	return false
}

func Nil(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if !isNil(object) {
		return fail(t, fmt.Sprintf("Expected nil, got: %#v", object), msgAndArgs...)
	}
	return true
}

func NotNil(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if isNil(object) {
		return fail(t, "Expected value not to be nil.", msgAndArgs...)
	}
	return true
}

func isEmpty(object interface{}) bool {
	if object == nil {
		return true
	}
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Chan, reflect.Map, reflect.Slice, reflect.Array, reflect.String:
		return v.Len() == 0
	case reflect.Ptr:
		if v.IsNil() {
			return true
		}
		return isEmpty(v.Elem().Interface())
	}
	return reflect.DeepEqual(object, reflect.Zero(v.Type()).Interface())
}

func Empty(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if !isEmpty(object) {
		return fail(t, fmt.Sprintf("Should be empty, but was %#v", object), msgAndArgs...)
	}
	return true
}

func NotEmpty(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if isEmpty(object) {
		return fail(t, fmt.Sprintf("Should NOT be empty, but was %#v", object), msgAndArgs...)
	}
	return true
}

func Zero(t TestingT, i interface{}, msgAndArgs ...interface{}) bool {
	if i != nil && !reflect.DeepEqual(i, reflect.Zero(reflect.TypeOf(i)).Interface()) {
		return fail(t, fmt.Sprintf("Should be zero, but was %v", i), msgAndArgs...)
	}
	return true
}

func NotZero(t TestingT, i interface{}, msgAndArgs ...interface{}) bool {
	if i == nil || reflect.DeepEqual(i, reflect.Zero(reflect.TypeOf(i)).Interface()) {
		return fail(t, fmt.Sprintf("Should not be zero, but was %v", i), msgAndArgs...)
	}
	return true
}

func Len(t TestingT, object interface{}, length int, msgAndArgs ...interface{}) bool {
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Chan, reflect.Map, reflect.Slice, reflect.Array, reflect.String:
		if v.Len() == length {
			return true
		}
		return fail(t, fmt.Sprintf("%#v should have %d item(s), but has %d", object, length, v.Len()), msgAndArgs...)
	}
	return fail(t, fmt.Sprintf("could not apply len() to %#v", object), msgAndArgs...)
}

// containsElement reports (ok, found): ok is false when the container kind is unsupported.
func containsElement(list, element interface{}) (bool, bool) {
	lv := reflect.ValueOf(list)
	switch lv.Kind() {
	case reflect.String:
		ev := reflect.ValueOf(element)
		if ev.Kind() != reflect.String {
			return false, false
		}
		return true, strings.Contains(lv.String(), ev.String())
	case reflect.Map:
		for _, k := range lv.MapKeys() {
			if ObjectsAreEqual(k.Interface(), element) {
				return true, true
			}
		}
		return true, false
	case reflect.Slice, reflect.Array:
		for i := 0; i < lv.Len(); i++ {
			if ObjectsAreEqual(lv.Index(i).Interface(), element) {
				return true, true
			}
		}
		return true, false
	}
	return false, false
}

func Contains(t TestingT, s, contains interface{}, msgAndArgs ...interface{}) bool {
	ok, found := containsElement(s, contains)
	if !ok || !found {
		return fail(t, fmt.Sprintf("%#v does not contain %#v", s, contains), msgAndArgs...)
	}
	return true
}

func NotContains(t TestingT, s, contains interface{}, msgAndArgs ...interface{}) bool {
	ok, found := containsElement(s, contains)
	if !ok || found {
		return fail(t, fmt.Sprintf("%#v should not contain %#v", s, contains), msgAndArgs...)
	}
	return true
}

func ElementsMatch(t TestingT, listA, listB interface{}, msgAndArgs ...interface{}) bool {
	if isEmpty(listA) && isEmpty(listB) {
		return true
	}
	a, b := reflect.ValueOf(listA), reflect.ValueOf(listB)
	if a.Len() != b.Len() {
		return fail(t, fmt.Sprintf("elements differ: %#v vs %#v", listA, listB), msgAndArgs...)
	}
	used := make([]bool, b.Len())
	for i := 0; i < a.Len(); i++ {
		matched := false
		for j := 0; j < b.Len(); j++ {
			if !used[j] && ObjectsAreEqual(a.Index(i).Interface(), b.Index(j).Interface()) {
				used[j], matched = true, true
				break
			}
		}
		if !matched {
			return fail(t, fmt.Sprintf("elements differ: %#v vs %#v", listA, listB), msgAndArgs...)
		}
	}
	return true
}

func toFloat(x interface{}) (float64, bool) {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(v.Uint()), true
	case reflect.Float32, reflect.Float64:
		return v.Float(), true
	}
	return 0, false
}

func compare(t TestingT, e1, e2 interface{}, ok func(c int) bool, what string, msgAndArgs ...interface{}) bool {
	var c int
	if s1, isStr := e1.(string); isStr {
		c = strings.Compare(s1, e2.(string))
	} else {
		f1, ok1 := toFloat(e1)
		f2, ok2 := toFloat(e2)
		if !ok1 || !ok2 {
			return fail(t, "cannot compare", msgAndArgs...)
		}
		switch {
		case f1 < f2:
			c = -1
		case f1 > f2:
			c = 1
		}
	}
	if !ok(c) {
		return fail(t, fmt.Sprintf("%v is not %s %v", e1, what, e2), msgAndArgs...)
	}
	return true
}

func Greater(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return compare(t, e1, e2, func(c int) bool { return c > 0 }, "greater than", msgAndArgs...)
}

func GreaterOrEqual(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return compare(t, e1, e2, func(c int) bool { return c >= 0 }, "greater than or equal to", msgAndArgs...)
}

func Less(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return compare(t, e1, e2, func(c int) bool { return c < 0 }, "less than", msgAndArgs...)
}

func LessOrEqual(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return compare(t, e1, e2, func(c int) bool { return c <= 0 }, "less than or equal to", msgAndArgs...)
}

func InDelta(t TestingT, expected, actual interface{}, delta float64, msgAndArgs ...interface{}) bool {
	a, ok1 := toFloat(expected)
	b, ok2 := toFloat(actual)
	if !ok1 || !ok2 || math.IsNaN(a) || math.IsNaN(b) || math.Abs(a-b) > delta {
		return fail(t, fmt.Sprintf("Max difference between %v and %v allowed is %v", expected, actual, delta), msgAndArgs...)
	}
	return true
}

func Error(t TestingT, err error, msgAndArgs ...interface{}) bool {
	if err == nil {
		return fail(t, "An error is expected but got nil.", msgAndArgs...)
	}
	return true
}

func NoError(t TestingT, err error, msgAndArgs ...interface{}) bool {
	if err != nil {
		return fail(t, fmt.Sprintf("Received unexpected error: %v", err), msgAndArgs...)
	}
	return true
}

func ErrorIs(t TestingT, err, target error, msgAndArgs ...interface{}) bool {
	if !errors.Is(err, target) {
		return fail(t, fmt.Sprintf("error %v is not %v", err, target), msgAndArgs...)
	}
	return true
}

func ErrorContains(t TestingT, err error, contains string, msgAndArgs ...interface{}) bool {
	if err == nil || !strings.Contains(err.Error(), contains) {
		return fail(t, fmt.Sprintf("error %v does not contain %q", err, contains), msgAndArgs...)
	}
	return true
}

func matchRegexp(rx interface{}, str interface{}) bool {
	var r *regexp.Regexp
	if rr, ok := rx.(*regexp.Regexp); ok {
		r = rr
	} else {
		r = regexp.MustCompile(fmt.Sprint(rx))
	}
	return r.FindStringIndex(fmt.Sprint(str)) != nil
}

func Regexp(t TestingT, rx interface{}, str interface{}, msgAndArgs ...interface{}) bool {
	if !matchRegexp(rx, str) {
		return fail(t, fmt.Sprintf("Expect %q to match %v", str, rx), msgAndArgs...)
	}
	return true
}

func NotRegexp(t TestingT, rx interface{}, str interface{}, msgAndArgs ...interface{}) bool {
	if matchRegexp(rx, str) {
		return fail(t, fmt.Sprintf("Expect %q to NOT match %v", str, rx), msgAndArgs...)
	}
	return true
}

func Fail(t TestingT, failureMessage string, msgAndArgs ...interface{}) bool {
	return fail(t, failureMessage, msgAndArgs...)
}
