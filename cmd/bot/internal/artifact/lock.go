package artifact

import (
	"os"
	"syscall"
)

// lock takes an exclusive lock on f, held until f is closed or its
// process ends (a killed process's locks go with it).
func lock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// tryLock tells whether no process holds a lock on f (and takes it, until
// f is closed).
func tryLock(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
