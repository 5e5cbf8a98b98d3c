//go:build unix

package sources

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// openFile opens a file to read it, with fewer system calls and less
// work than os.Open and File.Stat. os.Open makes every file ready for the
// runtime's poller (on Linux an fcntl to ask whether it blocks, once five
// calls) and gives it a cleanup for the garbage collector; its Stat
// allocates a FileInfo. A tree of small files paid for those on every
// file. Read here, with read(2) and pread(2), the file blocks its thread
// as a regular file's read does anyway; the caller closes it.
func openFile(path string) (file, stat, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, stat{}, &os.PathError{Op: "open", Path: path, Err: err}
	}
	f := &fdFile{fd: fd, name: path, size: -1}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return f, stat{}, nil // read as a stream, as a file that cannot be stat'ed was
	}
	mode := st.Mode & syscall.S_IFMT
	if mode == syscall.S_IFREG {
		f.size = st.Size
	}
	return f, stat{ok: true, dir: mode == syscall.S_IFDIR, regular: mode == syscall.S_IFREG, size: st.Size}, nil
}

// fdFile is a file opened by openFile: its reads and errors are those of
// an *os.File (a *os.PathError naming it, io.EOF at the end).
//
// A read of a regular file that returns fewer bytes than asked for, and
// ends where fstat put the file's end, is the last: the next Read says
// io.EOF without asking the kernel again. A short read of a regular file
// means its end (read(2)); the size guards against a file system that
// reads short elsewhere, and a file that grew since it was opened reads
// on. Most files of a tree are read whole by one read(2), and the one that
// would say "end" was a system call a file (doc/spec.md PF3a).
type fdFile struct {
	fd    int
	name  string
	size  int64 // the regular file's size when opened, -1 for any other file
	off   int64 // bytes Read so far
	ended bool  // the last Read was short and at size
}

// maxRW is the most one read(2) is asked for, as os.File asks.
const maxRW = 1 << 30

func (f *fdFile) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if f.ended && f.fd >= 0 {
		return 0, io.EOF
	}
	for {
		ask := min(len(p), maxRW)
		n, err := syscall.Read(f.fd, p[:ask])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return 0, &os.PathError{Op: "read", Path: f.name, Err: err}
		}
		if n == 0 {
			return 0, io.EOF
		}
		f.off += int64(n)
		f.ended = n < ask && f.off == f.size
		return n, nil
	}
}

func (f *fdFile) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, &os.PathError{Op: "readat", Path: f.name, Err: errors.New("negative offset")}
	}
	n := 0
	for len(p) > 0 {
		m, err := syscall.Pread(f.fd, p[:min(len(p), maxRW)], off)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return n, &os.PathError{Op: "read", Path: f.name, Err: err}
		}
		if m == 0 {
			return n, io.EOF
		}
		n += m
		p, off = p[m:], off+int64(m)
	}
	return n, nil
}

func (f *fdFile) Close() error {
	if f.fd < 0 {
		return &os.PathError{Op: "close", Path: f.name, Err: os.ErrClosed}
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	if err != nil {
		return &os.PathError{Op: "close", Path: f.name, Err: err}
	}
	return nil
}

// Fd is the file's descriptor, for a reader that maps it into memory.
func (f *fdFile) Fd() uintptr { return uintptr(f.fd) }
