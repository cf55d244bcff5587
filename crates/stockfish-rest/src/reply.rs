//! The failure answer every route and limit gives, `{"success": false, "data": "<reason>"}`,
//! carrying its reason for the request log.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Why a request was answered as it was, for the request log (a response extension).
#[derive(Debug, Clone)]
pub struct Reason(pub String);

/// A JSON failure answer with `status`; `reason` is both its `data` and its log reason.
pub fn failure(status: StatusCode, reason: impl Into<String>) -> Response {
    let reason = reason.into();
    let mut response = (status, Json(json!({ "success": false, "data": reason }))).into_response();
    response.extensions_mut().insert(Reason(reason));
    response
}
