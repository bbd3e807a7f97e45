// Minimal stand-in for the testify assert functions the slugs tests use.
package assert

import (
	"fmt"
	"reflect"
	"strings"
)

type T interface {
	Errorf(format string, args ...interface{})
	Helper()
}

func msg(m []interface{}) string {
	if len(m) == 0 {
		return ""
	}
	if f, ok := m[0].(string); ok {
		return fmt.Sprintf(f, m[1:]...)
	}
	return fmt.Sprint(m...)
}

func ObjectsAreEqual(a, b interface{}) bool {
	if a == nil || b == nil {
		return a == b
	}
	if ab, ok := a.([]byte); ok {
		if bb, ok := b.([]byte); ok {
			return string(ab) == string(bb)
		}
	}
	return reflect.DeepEqual(a, b)
}

func Equal(t T, expected, actual interface{}, m ...interface{}) bool {
	t.Helper()
	if !ObjectsAreEqual(expected, actual) {
		t.Errorf("Not equal: expected %#v actual %#v %s", expected, actual, msg(m))
		return false
	}
	return true
}

func True(t T, v bool, m ...interface{}) bool {
	t.Helper()
	if !v {
		t.Errorf("Should be true %s", msg(m))
	}
	return v
}

func False(t T, v bool, m ...interface{}) bool {
	t.Helper()
	if v {
		t.Errorf("Should be false %s", msg(m))
	}
	return !v
}

func isEmpty(o interface{}) bool {
	if o == nil {
		return true
	}
	v := reflect.ValueOf(o)
	switch v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Ptr:
		if v.IsNil() {
			return true
		}
		return isEmpty(v.Elem().Interface())
	default:
		return reflect.DeepEqual(o, reflect.Zero(v.Type()).Interface())
	}
}

func Empty(t T, o interface{}, m ...interface{}) bool {
	t.Helper()
	if !isEmpty(o) {
		t.Errorf("Should be empty: %#v %s", o, msg(m))
		return false
	}
	return true
}

func NotEmpty(t T, o interface{}, m ...interface{}) bool {
	t.Helper()
	if isEmpty(o) {
		t.Errorf("Should not be empty: %#v %s", o, msg(m))
		return false
	}
	return true
}

func NotNil(t T, o interface{}, m ...interface{}) bool {
	t.Helper()
	if o == nil {
		t.Errorf("Expected not nil %s", msg(m))
		return false
	}
	v := reflect.ValueOf(o)
	switch v.Kind() {
	case reflect.Ptr, reflect.Map, reflect.Slice, reflect.Interface, reflect.Chan, reflect.Func:
		if v.IsNil() {
			t.Errorf("Expected not nil %s", msg(m))
			return false
		}
	}
	return true
}

func Contains(t T, s, contains interface{}, m ...interface{}) bool {
	t.Helper()
	ok := false
	switch sv := s.(type) {
	case string:
		ok = strings.Contains(sv, fmt.Sprint(contains))
	default:
		v := reflect.ValueOf(s)
		switch v.Kind() {
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				if ObjectsAreEqual(v.Index(i).Interface(), contains) {
					ok = true
				}
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				if ObjectsAreEqual(k.Interface(), contains) {
					ok = true
				}
			}
		}
	}
	if !ok {
		t.Errorf("%#v does not contain %#v %s", s, contains, msg(m))
	}
	return ok
}

func toF(x interface{}) float64 {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return v.Float()
	}
	panic("not a number")
}

func Greater(t T, a, b interface{}, m ...interface{}) bool {
	t.Helper()
	if !(toF(a) > toF(b)) {
		t.Errorf("%v not > %v %s", a, b, msg(m))
		return false
	}
	return true
}

func GreaterOrEqual(t T, a, b interface{}, m ...interface{}) bool {
	t.Helper()
	if !(toF(a) >= toF(b)) {
		t.Errorf("%v not >= %v %s", a, b, msg(m))
		return false
	}
	return true
}

func InDelta(t T, a, b interface{}, d float64, m ...interface{}) bool {
	t.Helper()
	x, y := toF(a), toF(b)
	if x-y > d || y-x > d {
		t.Errorf("%v and %v differ by more than %v %s", a, b, d, msg(m))
		return false
	}
	return true
}
