"""The catalogue of credential formats that ``actors.secrets`` looks for.

Modelled on the plugin catalogue of a maintained scanner (Yelp's detect-secrets: one detector
per provider format, plus keyword and entropy checks) and on the providers' documented token
prefixes; the expressions are our own. Each entry is (kind, pattern, group holding the secret,
priority: lower wins when two spans overlap, hints). Provider formats with a fixed prefix rank above
the generic rules (assignments, prose, entropy), so a key gets its provider's name. The last
item lists lower-case substrings one of which any match contains: when none occurs in the text
the pattern is not run at all (a cheap substring test instead of a regex scan). Data only:
never logs or stores anything.
"""

from __future__ import annotations

from actors.lazy_re import Regex, lazy_regex

TokenPattern = tuple[str, Regex, int, int, tuple[str, ...]]

_B = r"(?<![A-Za-z0-9_-])"
"""No identifier character right before: a token starts at a word edge."""
_E = r"(?![A-Za-z0-9_-])"

TOKEN_PATTERNS: list[TokenPattern] = [
    (
        "private_key",
        lazy_regex(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY( BLOCK)?-----"
            r"(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY( BLOCK)?-----|[A-Za-z0-9+/=\s:,-]*)"
        ),
        0,
        0,
        ("private key",),
    ),
    (
        "jwt",
        lazy_regex(
            r"(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}(?![\w-])"
        ),
        0,
        1,
        ("eyj",),
    ),
    (
        "github_token",
        lazy_regex(
            r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})"
            r"(?![A-Za-z0-9_])"
        ),
        0,
        1,
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    ),
    (
        "gitlab_token",
        lazy_regex(_B + r"gl(?:pat|dt|ptt|rt|oas|cbt)-[A-Za-z0-9_-]{20,}" + _E),
        0,
        1,
        ("glpat-", "gldt-", "glptt-", "glrt-", "gloas-", "glcbt-"),
    ),
    (
        "slack_token",
        lazy_regex(_B + r"(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}" + _E),
        0,
        1,
        ("xox", "xapp-"),
    ),
    (
        "slack_webhook",
        lazy_regex(
            r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{16,}"
        ),
        0,
        1,
        ("hooks.slack.com",),
    ),
    (
        "stripe_key",
        lazy_regex(
            _B + r"(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})" + _E
        ),
        0,
        1,
        ("sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"),
    ),
    ("anthropic_key", lazy_regex(_B + r"sk-ant-[A-Za-z0-9_-]{20,}" + _E), 0, 1, ("sk-ant-",)),
    (
        "openai_key",
        lazy_regex(_B + r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}" + _E),
        0,
        2,
        ("sk-",),
    ),
    (
        "aws_access_key",
        lazy_regex(
            r"(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}(?![A-Z0-9])"
        ),
        0,
        1,
        ("akia", "asia", "agpa", "aida", "aroa", "anpa", "anva", "aipa"),
    ),
    (
        "aws_secret_key",
        lazy_regex(
            r"(?i:aws_?secret(?:_?access)?_?key)[\"']?\s*[:=]\s*[\"']?"
            r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
        1,
        1,
        ("secret",),
    ),
    ("google_api_key", lazy_regex(_B + r"AIza[0-9A-Za-z_-]{35}" + _E), 0, 1, ("aiza",)),
    (
        "google_oauth",
        lazy_regex(_B + r"(?:GOCSPX-[A-Za-z0-9_-]{20,}|ya29\.[0-9A-Za-z_-]{20,})" + _E),
        0,
        1,
        ("gocspx-", "ya29."),
    ),
    (
        "azure_storage_key",
        lazy_regex(
            r"(?i:AccountKey|SharedAccessKey|SharedAccessSignature)\s*=\s*([A-Za-z0-9+/%]{20,}=*)"
        ),
        1,
        1,
        ("accountkey", "sharedaccesskey", "sharedaccesssignature"),
    ),
    ("npm_token", lazy_regex(_B + r"npm_[A-Za-z0-9]{36}" + _E), 0, 1, ("npm_",)),
    (
        "npm_token",
        lazy_regex(r"(?<![A-Za-z0-9])_(?:authToken|auth|password)\s*=\s*\"?([^\s\"]{8,})"),
        1,
        1,
        ("_auth", "_password"),
    ),
    (
        "twilio_key",
        # The word-edge check comes after the first letters (same meaning): a pattern that
        # opens with a lookbehind cannot use the regex engine's first-character scan.
        lazy_regex(r"(?:SK|AC)(?<![A-Za-z0-9]..)[0-9a-fA-F]{32}(?![A-Za-z0-9])"),
        0,
        1,
        (),
    ),
    (
        "sendgrid_key",
        lazy_regex(r"SG\.(?<![A-Za-z0-9_-]...)[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}" + _E),
        0,
        1,
        ("sg.",),
    ),
    (
        "auth_header",
        lazy_regex(
            r"(?i:\b(?:proxy-)?authorization)[\"']?\s*[:=]\s*[\"']?"
            r"(?i:bearer|basic|token|digest|bot|apikey)\s+([A-Za-z0-9._~+/-]{6,}=*)"
        ),
        1,
        2,
        ("authorization",),
    ),
    (
        "auth_header",
        lazy_regex(r"(?<![\w-])(?i:bearer)\s+([A-Za-z0-9._~+/-]{16,}=*)(?![\w.~+/=-])"),
        1,
        3,
        ("bearer",),
    ),
    (
        "auth_header",
        lazy_regex(r"(?<![\w-])Basic\s+([A-Za-z0-9+/]{12,}={0,2})(?![\w+/=])"),
        1,
        3,
        ("basic",),
    ),
    ("dockerhub_token", lazy_regex(_B + r"dckr_pat_[A-Za-z0-9_-]{20,}" + _E), 0, 1, ("dckr_pat_",)),
    (
        "vault_token",
        lazy_regex(_B + r"hv[sbr]\.[A-Za-z0-9_-]{20,}" + _E),
        0,
        1,
        ("hvs.", "hvb.", "hvr."),
    ),
    ("huggingface_token", lazy_regex(_B + r"hf_[A-Za-z0-9]{30,}" + _E), 0, 1, ("hf_",)),
    ("pypi_token", lazy_regex(_B + r"pypi-AgE[A-Za-z0-9_-]{40,}" + _E), 0, 1, ("pypi-age",)),
    (
        "discord_token",
        lazy_regex(
            r"[MNO](?<![A-Za-z0-9_-].)[A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}"
            + _E
        ),
        0,
        1,
        (),
    ),
    (
        "telegram_token",
        lazy_regex(r"(?<![\w:])\d{8,10}:AA[0-9A-Za-z_-]{32,33}" + _E),
        0,
        1,
        (":aa",),
    ),
    ("mailchimp_key", lazy_regex(r"(?<![0-9a-f])[0-9a-f]{32}-us\d{1,2}(?![\w-])"), 0, 1, ("-us",)),
    (
        "square_token",
        lazy_regex(_B + r"(?:sq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}|EAAA[A-Za-z0-9_-]{60})" + _E),
        0,
        1,
        ("sq0atp-", "sq0csp-", "eaaa"),
    ),
    (
        "shopify_token",
        lazy_regex(_B + r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}" + _E),
        0,
        1,
        ("shpat_", "shpca_", "shppa_", "shpss_"),
    ),
    ("digitalocean_token", lazy_regex(_B + r"do[opr]_v1_[a-f0-9]{64}" + _E), 0, 1, ("_v1_",)),
    (
        "artifactory_token",
        lazy_regex(r"(?<![A-Za-z0-9])AKC[A-Za-z0-9]{60,}(?![A-Za-z0-9])"),
        0,
        1,
        ("akc",),
    ),
    ("age_secret_key", lazy_regex(r"AGE-SECRET-KEY-1[0-9A-Z]{58}"), 0, 1, ("age-secret-key-1",)),
    ("databricks_token", lazy_regex(_B + r"dapi[a-f0-9]{32}(?:-\d)?" + _E), 0, 1, ("dapi",)),
    ("linear_key", lazy_regex(_B + r"lin_api_[A-Za-z0-9]{40}" + _E), 0, 1, ("lin_api_",)),
    ("postman_key", lazy_regex(_B + r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}" + _E), 0, 1, ("pmak-",)),
    (
        "grafana_token",
        lazy_regex(_B + r"(?:glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2})" + _E),
        0,
        1,
        ("glsa_", "glc_"),
    ),
    (
        "newrelic_key",
        lazy_regex(_B + r"NR(?:AK|AA|II)-[A-Z0-9]{27}" + _E),
        0,
        1,
        ("nrak-", "nraa-", "nrii-"),
    ),
    (
        "doppler_token",
        lazy_regex(_B + r"dp\.(?:st|ct|sa|scim|audit|pt)\.[A-Za-z0-9_-]{40,}" + _E),
        0,
        1,
        ("dp.",),
    ),
    (
        "sentry_token",
        lazy_regex(_B + r"sntry[su]_[A-Za-z0-9+/=_-]{40,}" + _E),
        0,
        1,
        ("sntrys_", "sntryu_"),
    ),
    ("atlassian_token", lazy_regex(_B + r"ATATT3[A-Za-z0-9_=-]{100,}" + _E), 0, 1, ("atatt3",)),
    (
        "mysql_password",
        lazy_regex(
            r"(?<![\w-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump)\b"
            r"[^\n|;&]*?(?<=\s)-p([^\s'\"`]+|'[^'\n]+'|\"[^\"\n]+\")"
        ),
        1,
        2,
        ("mysql", "mariadb"),
    ),
    (
        "cli_password",
        lazy_regex(
            r"(?<![\w-])(?:curl|wget|http)\b[^\n|;&]*?(?<=\s)(?:-u|--user)\s+[\"']?[^\s:\"']+:"
            r"([^\s\"']+)"
        ),
        1,
        2,
        ("curl", "wget", "http"),
    ),
]

KEY_WORDS = (
    r"password|passwd|passphrase|pass|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|"
    r"secret[_-]?key|private[_-]?key|client[_-]?secret|contrase(?:ñ|n)a|clave|"
    r"credentials?|auth[_-]?key|signing[_-]?key|encryption[_-]?key|master[_-]?key"
)
"""Key names whose value is a credential (``DB_PASS=...``, ``contraseña: ...``)."""

GLUED_PREFIXES = r"(?:pg|mysql|db|root|admin|smtp|redis|mongo|ftp|ldap|sql|my)?"
"""Prefixes written without a separator before a key word: PGPASSWORD, MYSQL_PWD, DBPASS."""

LABEL_WORDS = lazy_regex(
    r"(?i:key|token|secret|auth|cred|pass|pwd|signature|private|dsn|salt|cookie|session|"
    r"bearer|api)"
)
"""Words in a label that make a high-entropy value after it a likely credential."""
