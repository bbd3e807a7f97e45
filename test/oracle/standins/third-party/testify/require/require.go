// Package require is the oracle's stand-in for github.com/stretchr/testify/require: the assertions of
// package assert that stop the test on failure.
package require

import "github.com/stretchr/testify/assert"

type TestingT interface {
	Errorf(format string, args ...interface{})
	FailNow()
}

func Equal(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Equal(t, expected, actual, msgAndArgs...) {
		t.FailNow()
	}
}

func NotEqual(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.NotEqual(t, expected, actual, msgAndArgs...) {
		t.FailNow()
	}
}

func True(t TestingT, value bool, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.True(t, value, msgAndArgs...) {
		t.FailNow()
	}
}

func False(t TestingT, value bool, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.False(t, value, msgAndArgs...) {
		t.FailNow()
	}
}

func Nil(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Nil(t, object, msgAndArgs...) {
		t.FailNow()
	}
}

func NotNil(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.NotNil(t, object, msgAndArgs...) {
		t.FailNow()
	}
}

func Empty(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Empty(t, object, msgAndArgs...) {
		t.FailNow()
	}
}

func NotEmpty(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.NotEmpty(t, object, msgAndArgs...) {
		t.FailNow()
	}
}

func Zero(t TestingT, i interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Zero(t, i, msgAndArgs...) {
		t.FailNow()
	}
}

func NotZero(t TestingT, i interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.NotZero(t, i, msgAndArgs...) {
		t.FailNow()
	}
}

func Len(t TestingT, object interface{}, length int, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Len(t, object, length, msgAndArgs...) {
		t.FailNow()
	}
}

func Contains(t TestingT, s, contains interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Contains(t, s, contains, msgAndArgs...) {
		t.FailNow()
	}
}

func NotContains(t TestingT, s, contains interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.NotContains(t, s, contains, msgAndArgs...) {
		t.FailNow()
	}
}

func ElementsMatch(t TestingT, listA, listB interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.ElementsMatch(t, listA, listB, msgAndArgs...) {
		t.FailNow()
	}
}

func Greater(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Greater(t, e1, e2, msgAndArgs...) {
		t.FailNow()
	}
}

func GreaterOrEqual(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.GreaterOrEqual(t, e1, e2, msgAndArgs...) {
		t.FailNow()
	}
}

func Less(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Less(t, e1, e2, msgAndArgs...) {
		t.FailNow()
	}
}

func LessOrEqual(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.LessOrEqual(t, e1, e2, msgAndArgs...) {
		t.FailNow()
	}
}

func InDelta(t TestingT, expected, actual interface{}, delta float64, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.InDelta(t, expected, actual, delta, msgAndArgs...) {
		t.FailNow()
	}
}

func Error(t TestingT, err error, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Error(t, err, msgAndArgs...) {
		t.FailNow()
	}
}

func NoError(t TestingT, err error, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.NoError(t, err, msgAndArgs...) {
		t.FailNow()
	}
}

func ErrorIs(t TestingT, err, target error, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.ErrorIs(t, err, target, msgAndArgs...) {
		t.FailNow()
	}
}

func ErrorContains(t TestingT, err error, contains string, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.ErrorContains(t, err, contains, msgAndArgs...) {
		t.FailNow()
	}
}

func Regexp(t TestingT, rx interface{}, str interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Regexp(t, rx, str, msgAndArgs...) {
		t.FailNow()
	}
}

func NotRegexp(t TestingT, rx interface{}, str interface{}, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.NotRegexp(t, rx, str, msgAndArgs...) {
		t.FailNow()
	}
}

func Fail(t TestingT, failureMessage string, msgAndArgs ...interface{}) {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	if !assert.Fail(t, failureMessage, msgAndArgs...) {
		t.FailNow()
	}
}
