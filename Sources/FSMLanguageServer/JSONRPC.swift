/// A JSON-RPC 2.0 error, as a response carries it.
public struct RPCError: Error, Hashable, Sendable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static func parseError(_ message: String) -> RPCError { RPCError(code: -32700, message: message) }
    public static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: message) }
    public static func methodNotFound(_ method: String) -> RPCError { RPCError(code: -32601, message: "unknown method '\(method)'") }
    public static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message: message) }
    /// The Language Server Protocol's code for a request before `initialize`.
    public static let serverNotInitialized = RPCError(code: -32002, message: "the server is not initialized yet")
    /// The Language Server Protocol's code for a request the server refuses, such as a
    /// rename to an invalid name.
    public static func requestFailed(_ message: String) -> RPCError { RPCError(code: -32803, message: message) }
}

/// An incoming JSON-RPC message, sorted out from its JSON.
enum IncomingMessage {
    case request(id: JSONValue, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    /// A response to a request of the server's; this server sends none, so it is ignored.
    case response
    /// Not a JSON-RPC message; `id` is the request's id if one could be read.
    case invalid(id: JSONValue, RPCError)

    init(_ json: JSONValue) {
        guard case .object(let members) = json else {
            self = .invalid(id: .null, .invalidRequest("a message must be a JSON object"))
            return
        }
        let id = members["id"]
        if let id {
            switch id {
            case .integer, .string, .null: break
            default:
                self = .invalid(id: .null, .invalidRequest("a request's id must be a number or a string"))
                return
            }
        }
        guard let methodValue = members["method"] else {
            self = members["result"] != nil || members["error"] != nil
                ? .response : .invalid(id: id ?? .null, .invalidRequest("a message needs a 'method'"))
            return
        }
        guard let method = methodValue.stringValue else {
            self = .invalid(id: id ?? .null, .invalidRequest("'method' must be a string"))
            return
        }
        let params = members["params"] ?? .null
        if let id {
            self = .request(id: id, method: method, params: params)
        } else {
            self = .notification(method: method, params: params)
        }
    }
}

/// Outgoing messages as JSON.
enum OutgoingMessage {
    static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: JSONValue, _ error: RPCError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .integer(error.code), "message": .string(error.message)]]
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}
