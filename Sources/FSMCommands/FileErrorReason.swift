import Foundation

/// Why a file operation failed, in the system's words ("Permission denied", "No space left
/// on device"), for messages such as "cannot read 'X.fsm': Permission denied".
enum FileErrorReason {
    static func describe(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(error.code)))
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        // Foundation on Linux reports some failures as Cocoa errors with no POSIX error under them.
        if error.domain == NSCocoaErrorDomain, let code = posixCode(of: CocoaError.Code(rawValue: error.code)) {
            return String(cString: strerror(code))
        }
        return error.localizedDescription
    }

    private static func posixCode(of code: CocoaError.Code) -> Int32? {
        switch code {
        case .fileReadNoPermission, .fileWriteNoPermission: EACCES
        case .fileReadNoSuchFile, .fileNoSuchFile: ENOENT
        case .fileWriteOutOfSpace: ENOSPC
        case .fileWriteVolumeReadOnly: EROFS
        case .fileReadTooLarge: EFBIG
        default: nil
        }
    }
}
