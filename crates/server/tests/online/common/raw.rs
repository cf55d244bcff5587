//! A bare WebSocket client over a TCP stream, for what a polite client library will
//! not do: never answer the server's pings, never read, keep a small receive buffer.

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use super::PATIENCE;

/// One frame from the server: its opcode and payload.
pub type Frame = (u8, Vec<u8>);

/// The opcode of a close frame.
pub const CLOSE: u8 = 8;

/// A WebSocket opened by hand.
pub struct RawSocket {
    stream: TcpStream,
    buffer: Vec<u8>,
}

/// Encodes a masked client frame (text = opcode 1).
pub fn frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mask = [0x37, 0xfa, 0x21, 0x3d];
    let mut out = vec![0x80 | opcode];
    let len = payload.len();
    if len < 126 {
        out.push(0x80 | u8::try_from(len).expect("short"));
    } else {
        out.push(0x80 | 126);
        out.extend(u16::try_from(len).expect("under 64 KiB").to_be_bytes());
    }
    out.extend(mask);
    out.extend(
        payload
            .iter()
            .enumerate()
            .map(|(index, byte)| byte ^ mask[index % 4]),
    );
    out
}

impl RawSocket {
    /// Opens a socket to game `id` from `origin`, with a receive buffer of
    /// `recv_buffer` bytes if given.
    pub async fn open(
        address: SocketAddr,
        id: &str,
        origin: &str,
        recv_buffer: Option<u32>,
    ) -> RawSocket {
        let socket = TcpSocket::new_v4().expect("a socket");
        if let Some(bytes) = recv_buffer {
            socket.set_recv_buffer_size(bytes).expect("a buffer size");
        }
        let mut stream = socket.connect(address).await.expect("connects");
        let request = format!(
            "GET /api/games/{id}/socket HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
        );
        stream
            .write_all(request.as_bytes())
            .await
            .expect("the request is sent");
        let mut raw = RawSocket {
            stream,
            buffer: Vec::new(),
        };
        let end = loop {
            if let Some(end) = raw.buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                break end + 4;
            }
            assert!(raw.fill().await, "the server answers the handshake");
        };
        let head = String::from_utf8_lossy(&raw.buffer[..end]).into_owned();
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        raw.buffer.drain(..end);
        raw
    }

    /// Reads more bytes into the buffer; false at the end of the stream.
    async fn fill(&mut self) -> bool {
        let mut chunk = [0u8; 4096];
        let read = tokio::time::timeout(PATIENCE, self.stream.read(&mut chunk))
            .await
            .expect("the server answers in time");
        match read {
            Ok(0) | Err(_) => false,
            Ok(n) => {
                self.buffer.extend_from_slice(&chunk[..n]);
                true
            }
        }
    }

    /// Sends a text frame.
    pub async fn send_text(&mut self, text: &str) {
        self.stream
            .write_all(&frame(1, text.as_bytes()))
            .await
            .expect("the socket is open");
    }

    /// The next frame, or `None` at the end of the stream.
    pub async fn next_frame(&mut self) -> Option<Frame> {
        loop {
            if let Some((frame, used)) = parse(&self.buffer) {
                self.buffer.drain(..used);
                return Some(frame);
            }
            if !self.fill().await {
                return None;
            }
        }
    }

    /// Reads until the server closes: the close frame's code and reason, or `None`
    /// if the stream ended without one.
    pub async fn close_frame(&mut self) -> Option<(u16, String)> {
        while let Some((opcode, payload)) = self.next_frame().await {
            if opcode == CLOSE && payload.len() >= 2 {
                let code = u16::from_be_bytes([payload[0], payload[1]]);
                let reason = String::from_utf8_lossy(&payload[2..]).into_owned();
                return Some((code, reason));
            }
        }
        None
    }

    /// The stream, for writing frames by hand.
    pub fn into_stream(self) -> TcpStream {
        self.stream
    }
}

/// A server frame at the start of `bytes` (unmasked), and its length.
fn parse(bytes: &[u8]) -> Option<(Frame, usize)> {
    let first = *bytes.first()?;
    let second = *bytes.get(1)?;
    let (len, start) = match second & 0x7f {
        126 => (
            usize::from(u16::from_be_bytes([*bytes.get(2)?, *bytes.get(3)?])),
            4,
        ),
        127 => {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(bytes.get(2..10)?);
            (usize::try_from(u64::from_be_bytes(eight)).ok()?, 10)
        }
        short => (usize::from(short), 2),
    };
    let payload = bytes.get(start..start + len)?;
    Some(((first & 0x0f, payload.to_vec()), start + len))
}
