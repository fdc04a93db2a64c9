package preset

import (
	"arbiter/engine"
)

// UnknownError is a name that is no preset.
type UnknownError struct {
	Name string
	Err  error // the engine's error, with its code and arguments
}

// Error returns the engine's message.
func (e *UnknownError) Error() string { return e.Err.Error() }

// Unwrap returns the engine's error.
func (e *UnknownError) Unwrap() error { return e.Err }

// RunError is a preset that loaded but whose run failed.
type RunError struct {
	Name string
	Err  error // the engine's error
}

// Error returns the engine's message.
func (e *RunError) Error() string { return e.Err.Error() }

// Unwrap returns the engine's error.
func (e *RunError) Unwrap() error { return e.Err }

// Run loads the preset called name and runs it. A name that is no preset
// fails with an *UnknownError, a run that fails with a *RunError; any
// other error is the engine's own, from loading the preset.
func Run(name string) (*engine.Result, error) {
	sc, err := engine.LoadPreset(name)
	if err != nil {
		if e, ok := engine.AsError(err); ok && e.Code == engine.CodeUnknownPreset {
			return nil, &UnknownError{Name: name, Err: err}
		}
		return nil, err
	}
	res, err := engine.Run(sc)
	if err != nil {
		return nil, &RunError{Name: name, Err: err}
	}
	return res, nil
}
