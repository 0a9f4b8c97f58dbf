-- wrk script: POST /api/v1/qr for a styled 1000 px code, as a point-of-sale back-end printing codes would; PNG unless
-- QRFORGE_BENCH_FORMAT names another format (svg).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("QRFORGE_BENCH_KEY")
wrk.body = '{"data": "https://shop.example.com/item/4242?ref=till-7", "format": "'
    .. (os.getenv("QRFORGE_BENCH_FORMAT") or "png") .. '", "size": 1000,'
    .. ' "design": {"bodyStyle": "rounded-pointed", "foregroundColor": "#1a237e",'
    .. ' "gradientType": "radial", "gradientColor2": "#6a1b9a"}}'
