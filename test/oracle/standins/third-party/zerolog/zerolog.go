// Package zerolog is the oracle's silent stand-in for github.com/rs/zerolog: the reference's pure packages
// log their decisions; the oracle only needs their results, so every event is discarded.
package zerolog

import (
	"fmt"
	"time"
)

type Level int8

const (
	DebugLevel Level = iota
	InfoLevel
	WarnLevel
	ErrorLevel
	FatalLevel
	PanicLevel
	NoLevel
	Disabled
	TraceLevel Level = -1
)

func SetGlobalLevel(Level) {}

// Event accepts any field and writes nothing.
type Event struct{}

func (e *Event) Msg(string)                           {}
func (e *Event) Msgf(string, ...interface{})          {}
func (e *Event) Send()                                {}
func (e *Event) Str(string, string) *Event            { return e }
func (e *Event) Strs(string, []string) *Event         { return e }
func (e *Event) Int(string, int) *Event               { return e }
func (e *Event) Int64(string, int64) *Event           { return e }
func (e *Event) Float64(string, float64) *Event       { return e }
func (e *Event) Float32(string, float32) *Event       { return e }
func (e *Event) Int32(string, int32) *Event           { return e }
func (e *Event) Uint64(string, uint64) *Event         { return e }
func (e *Event) Time(string, time.Time) *Event        { return e }
func (e *Event) Errs(string, []error) *Event          { return e }
func (e *Event) Stringer(string, fmt.Stringer) *Event { return e }
func (e *Event) Bool(string, bool) *Event             { return e }
func (e *Event) Err(error) *Event                     { return e }
func (e *Event) Dur(string, time.Duration) *Event     { return e }
func (e *Event) Interface(string, interface{}) *Event { return e }
func (e *Event) Any(string, interface{}) *Event       { return e }
func (e *Event) Enabled() bool                        { return false }

// Logger hands out discarding events.
type Logger struct{}

func Nop() Logger                   { return Logger{} }
func (Logger) Debug() *Event        { return &Event{} }
func (Logger) Info() *Event         { return &Event{} }
func (Logger) Warn() *Event         { return &Event{} }
func (Logger) Error() *Event        { return &Event{} }
func (Logger) Trace() *Event        { return &Event{} }
func (l Logger) Level(Level) Logger { return l }
