package render

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"arbiter/i18n"
	"arbiter/kb"
)

// FileError is a source file that cannot be read.
type FileError struct {
	Path string
	Err  error
}

// Error returns the path and the reason, for logs.
func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *FileError) Unwrap() error { return e.Err }

// IndexError is an index directory that cannot be opened.
type IndexError struct {
	Dir string
	Err error
}

// Error returns the directory and the reason, for logs.
func (e *IndexError) Error() string { return e.Dir + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *IndexError) Unwrap() error { return e.Err }

// ErrorMessage renders an error for a person. Errors of our packages
// carry a code and arguments; a failed write says where and why; anything
// else is an internal error, whose details go to the log only.
func ErrorMessage(p *i18n.Printer, err error) string {
	var pe *kb.ParseError
	var fe *FileError
	var qe *kb.QueryError
	var ie *IndexError
	switch {
	case errors.As(err, &pe):
		return pe.Localize(p)
	case errors.As(err, &qe):
		if qe.Code == "too_long" {
			return p.T(i18n.KeyErrQuestionTooLong, qe.Max)
		}
		return p.T(i18n.KeyErrQuestionEmpty)
	case errors.As(err, &fe):
		if errors.Is(fe.Err, fs.ErrNotExist) {
			return p.T(i18n.KeyErrFileNotFound, fe.Path)
		}
		return p.T(i18n.KeyErrFileUnreadable, fe.Path)
	case errors.Is(err, kb.ErrDamaged) && errors.As(err, &ie):
		return p.T(i18n.KeyErrIndexDamaged, ie.Dir)
	case kb.IsNoIndex(err) && errors.As(err, &ie):
		return p.T(i18n.KeyErrIndexMissing, ie.Dir)
	case kb.IsNoIndex(err):
		return p.T(i18n.KeyCLINoIndex, err.Error())
	case errors.Is(err, kb.ErrBuildInProgress):
		return p.T(i18n.KeyCLIBuildInProgress)
	}
	var pathErr *fs.PathError
	var linkErr *os.LinkError
	var writeErr *kb.WriteError
	switch {
	case errors.As(err, &pathErr):
		return p.T(i18n.KeyCLICannotWrite, pathErr.Path, osReason(p, pathErr.Err))
	case errors.As(err, &linkErr):
		return p.T(i18n.KeyCLICannotWrite, linkErr.New, osReason(p, linkErr.Err))
	case errors.As(err, &writeErr):
		// The index library does not always keep the system's error; the
		// free space of the target says whether it was a full disk.
		reason := osReason(p, writeErr.Err)
		var st syscall.Statfs_t
		if syscall.Statfs(filepath.Dir(writeErr.Dir), &st) == nil && st.Bavail*uint64(st.Bsize) < 1<<20 {
			reason = p.T(i18n.KeyCLIReasonDiskFull)
		}
		return p.T(i18n.KeyCLICannotWrite, writeErr.Dir, reason)
	}
	return p.T(i18n.KeyErrInternal)
}

// osReason says in the user's language why the system refused a write.
func osReason(p *i18n.Printer, err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return p.T(i18n.KeyCLIReasonDiskFull)
	case errors.Is(err, syscall.EROFS):
		return p.T(i18n.KeyCLIReasonReadOnly)
	case errors.Is(err, syscall.ENOTDIR):
		return p.T(i18n.KeyCLIReasonNotDir)
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return p.T(i18n.KeyCLIReasonDenied)
	}
	return err.Error()
}
