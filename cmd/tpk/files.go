package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// fileSystem is everything the command line does with files: it reads
// scenario, baseline and result files (fs.StatFS, fs.ReadFileFS,
// fs.ReadDirFS, with any path: relative, absolute, with ..) and writes the
// --out, --html, --junit, --summary and --save-baseline files through
// writeFileAtomic. osFS is the operating system's; tests may run a command
// on an in-memory one.
type fileSystem interface {
	fs.StatFS
	fs.ReadFileFS
	fs.ReadDirFS
	MkdirAll(dir string, perm fs.FileMode) error
	// CreateTemp creates a new file in dir named by pattern, its last "*"
	// replaced by digits, as os.CreateTemp.
	CreateTemp(dir, pattern string) (tempFile, error)
	// OpenWrite opens an existing file for writing in place (a named
	// pipe, /dev/stdout).
	OpenWrite(name string) (io.WriteCloser, error)
	// EvalSymlinks is the name with every symbolic link followed, as
	// filepath.EvalSymlinks.
	EvalSymlinks(name string) (string, error)
	Rename(oldname, newname string) error
	Remove(name string) error
}

// tempFile is a file made by CreateTemp.
type tempFile interface {
	io.WriteCloser
	Name() string
	Chmod(mode fs.FileMode) error
}

// osFS is the operating system's file system.
type osFS struct{}

func (osFS) Open(name string) (fs.File, error)             { return os.Open(name) }
func (osFS) Stat(name string) (fs.FileInfo, error)         { return os.Stat(name) }
func (osFS) ReadFile(name string) ([]byte, error)          { return os.ReadFile(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error)    { return os.ReadDir(name) }
func (osFS) MkdirAll(dir string, perm fs.FileMode) error   { return os.MkdirAll(dir, perm) }
func (osFS) EvalSymlinks(name string) (string, error)      { return filepath.EvalSymlinks(name) }
func (osFS) Rename(oldname, newname string) error          { return os.Rename(oldname, newname) }
func (osFS) Remove(name string) error                      { return os.Remove(name) }
func (osFS) OpenWrite(name string) (io.WriteCloser, error) { return os.OpenFile(name, os.O_WRONLY, 0) }
func (osFS) CreateTemp(dir, pattern string) (tempFile, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// writeFileAtomic writes a file whole or not at all: into a temporary file
// beside it, renamed over the target only when everything was written. The
// file is readable by everyone (0644), like any report meant to be
// published; temporaries of the same name that an interrupted run left
// behind are removed first.
//
// A name that is a symbolic link is written where the link points, and the
// link stays; a target that is no regular file (/dev/stdout, a named pipe)
// is written in place.
func writeFileAtomic(fsys fileSystem, name string, write func(io.Writer) error) error {
	if st, err := fsys.Stat(name); err == nil && !st.Mode().IsRegular() {
		f, err := fsys.OpenWrite(name)
		if err != nil {
			return err
		}
		err = write(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	if real, err := fsys.EvalSymlinks(name); err == nil {
		name = real
	}
	removeStaleTemps(fsys, filepath.Dir(name), "."+filepath.Base(name)+".tmp")
	f, err := fsys.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = fsys.Rename(tmp, name)
	}
	if err != nil {
		fsys.Remove(tmp)
	}
	return err
}

// prepareDir creates an output directory and removes the temporary files
// (".NAME.tmpDIGITS", see writeFileAtomic) that an interrupted run left in
// it.
func prepareDir(fsys fileSystem, dir string) error {
	if err := fsys.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	removeStaleTemps(fsys, dir, ".")
	return nil
}

// removeStaleTemps removes the files of dir named PREFIX...".tmp"DIGITS:
// the temporaries of writeFileAtomic. Errors are ignored: a file that cannot
// be removed does no harm.
func removeStaleTemps(fsys fileSystem, dir, prefix string) {
	entries, err := fsys.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasPrefix(name, prefix) || !strings.HasPrefix(name, ".") {
			continue
		}
		i := strings.LastIndex(name, ".tmp")
		if i <= 0 || i+4 == len(name) || strings.Trim(name[i+4:], "0123456789") != "" {
			continue
		}
		fsys.Remove(filepath.Join(dir, name))
	}
}
